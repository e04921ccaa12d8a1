import { randomUUID } from 'node:crypto';
import { adminOnly, everyone, signedIn, type AuthzRowsFactory } from '../types';

export const platformRows: AuthzRowsFactory = async () => [
  { method: 'GET', route: '/api/health', path: '/api/health', expect: everyone(200) },
  { method: 'GET', route: '/api/ready', path: '/api/ready', expect: everyone(200) },
  {
    method: 'POST',
    route: '/api/public/support',
    path: '/api/public/support',
    body: { name: 'Matrix', email: 'matrix@example.com', message: 'hello' },
    expect: everyone(201),
  },
  {
    method: 'POST',
    route: '/api/public/connect',
    path: '/api/public/connect',
    body: { name: 'Matrix', email: 'matrix@example.com', phone: '9876543210', role: 'Editor' },
    expect: everyone(201),
  },
  {
    method: 'GET',
    route: '/api/admin/support-tickets',
    path: '/api/admin/support-tickets',
    expect: adminOnly,
  },
  // A member's own tickets (issue 25): every signed-in account has a list; nobody reads another's.
  { method: 'GET', route: '/api/support/tickets', path: '/api/support/tickets', expect: signedIn },
  {
    method: 'GET',
    route: '/api/support/tickets/:ticketId',
    path: `/api/support/tickets/${randomUUID()}`,
    expect: { anonymous: 401, creator: 404, editor: 404, admin: 404 },
  },
  { method: 'GET', route: '/api/admin/dashboard', path: '/api/admin/dashboard', expect: adminOnly },
  {
    method: 'GET',
    route: '/api/admin/moderation-refusals',
    path: '/api/admin/moderation-refusals',
    expect: adminOnly,
  },
  // The page's report of a text it refused itself: screened again; an ordinary text is not recorded.
  {
    method: 'POST',
    route: '/api/contact-refusals',
    path: '/api/contact-refusals',
    body: { place: 'chat_message', text: 'See you at the review' },
    expect: { anonymous: 401, creator: 200, editor: 200, admin: 200 },
  },
];
