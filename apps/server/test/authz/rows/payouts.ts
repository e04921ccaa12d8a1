import { randomUUID } from 'node:crypto';
import { adminOnly, type AuthzRowsFactory, type Expectation, type Who } from '../types';

const editorOnly: Record<Who, Expectation> = { anonymous: 401, creator: 403, editor: 'pass', admin: 403 };

/**
 * Payouts (issue 16): an editor's earnings and payout details are their own (the routes take no id, so
 * nobody can name another editor's); the Payouts page, its failures, Retry and the CSV are admins'.
 */
export const payoutRows: AuthzRowsFactory = async () => [
  { method: 'GET', route: '/api/earnings', path: '/api/earnings', expect: editorOnly },
  { method: 'GET', route: '/api/earnings/orders', path: '/api/earnings/orders', expect: editorOnly },
  {
    method: 'PUT',
    route: '/api/earnings/payout-details',
    path: '/api/earnings/payout-details',
    body: { method: 'upi', accountHolder: 'Matrix Editor', phone: '9876543210', vpa: 'matrix@okaxis' },
    expect: editorOnly,
  },
  { method: 'GET', route: '/api/admin/payouts', path: '/api/admin/payouts', expect: adminOnly },
  {
    method: 'GET',
    route: '/api/admin/payouts/settlements',
    path: '/api/admin/payouts/settlements',
    expect: adminOnly,
  },
  {
    method: 'GET',
    route: '/api/admin/payouts/failures',
    path: '/api/admin/payouts/failures',
    expect: adminOnly,
  },
  {
    method: 'POST',
    route: '/api/admin/payouts/failures/:kind/:id/retry',
    path: `/api/admin/payouts/failures/split/${randomUUID()}/retry`,
    // Nothing failed under that id: an admin is told so (404); everyone else never gets that far.
    expect: { anonymous: 401, creator: 403, editor: 403, admin: 404 },
  },
  {
    method: 'GET',
    route: '/api/admin/payouts/export',
    path: '/api/admin/payouts/export?from=2026-11-01&to=2026-11-30',
    expect: adminOnly,
  },
];
