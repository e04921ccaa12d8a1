import { randomBytes, randomUUID } from 'node:crypto';
import { payments } from '../../../src/db/schema';
import { createPricedEditor } from '../../fakes/payment-fixtures';
import { createTestUser } from '../../helpers/users';
import { adminOnly, everyone, type AuthzRowsFactory, type Expectation, type Who } from '../types';

const only = (who: Exclude<Who, 'anonymous'>): Record<Who, Expectation> => ({
  anonymous: 401,
  creator: who === 'creator' ? 'pass' : 403,
  editor: who === 'editor' ? 'pass' : 403,
  admin: who === 'admin' ? 'pass' : 403,
});

export const paymentRows: AuthzRowsFactory = async (ctx) => {
  const db = ctx.server.db;
  // An order between two users the matrix's creator and editor have nothing to do with.
  const [payer, payee] = await Promise.all([
    createTestUser(db, 'creator'),
    createPricedEditor(db, { basic: 1499 }),
  ]);
  const orderId = `order_matrix_${randomBytes(6).toString('hex')}`;
  await db.insert(payments).values({
    orderId,
    paymentSessionId: `session_matrix_${randomBytes(6).toString('hex')}`,
    amountPaise: 149_900,
    planType: 'basic',
    creatorId: payer.id,
    editorId: payee.id,
    phone: '9876543210',
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
  });
  return [
    { method: 'GET', route: '/api/payment/gateway', path: '/api/payment/gateway', expect: everyone(200) },
    {
      method: 'POST',
      route: '/api/payment/:editorId/:tier',
      path: `/api/payment/${payee.id}/basic`,
      body: { phone: '9876543210' },
      expect: only('creator'),
    },
    {
      method: 'GET',
      route: '/api/payment/creator/me',
      path: '/api/payment/creator/me',
      expect: only('creator'),
    },
    {
      method: 'GET',
      route: '/api/payment/editor/me',
      path: '/api/payment/editor/me',
      expect: only('editor'),
    },
    { method: 'GET', route: '/api/payment/admin', path: '/api/payment/admin', expect: adminOnly },
    {
      method: 'GET',
      route: '/api/payment/status/:orderId',
      path: `/api/payment/status/${orderId}`,
      expect: { anonymous: 401, creator: 403, editor: 403, admin: 'pass' },
    },
    {
      method: 'POST',
      route: '/api/payment/refund/:orderId',
      path: `/api/payment/refund/${orderId}`,
      body: { full: true },
      expect: adminOnly,
    },
    {
      method: 'GET',
      route: '/api/payment/refund/:orderId',
      path: `/api/payment/refund/${orderId}`,
      expect: adminOnly,
    },
    {
      method: 'GET',
      route: '/api/admin/reconciliation',
      path: '/api/admin/reconciliation',
      expect: adminOnly,
    },
    {
      method: 'GET',
      route: '/api/admin/orders/:id/gateway-disputes',
      // Any order id: an order never disputed at the gateway has an empty list.
      path: `/api/admin/orders/${randomUUID()}/gateway-disputes`,
      expect: adminOnly,
    },
    {
      method: 'POST',
      route: '/api/admin/reconciliation/run',
      path: '/api/admin/reconciliation/run',
      // A run checks nothing older than the matrix's fresh payment; an admin gets its summary (or 409).
      expect: { anonymous: 401, creator: 403, editor: 403, admin: 'pass' },
    },
    // Unsigned: no session of any role makes a webhook acceptable.
    {
      method: 'POST',
      route: '/api/payment/webhook',
      path: '/api/payment/webhook',
      body: { type: 'PAYMENT_SUCCESS_WEBHOOK' },
      expect: everyone(401),
    },
  ];
};
