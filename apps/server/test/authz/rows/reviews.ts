import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { orders, payments, reviews } from '../../../src/db/schema';
import { createTestUser } from '../../helpers/users';
import { matrixPairRoom } from '../pair-room';
import { adminOnly, everyone, type AuthzRowsFactory, type Who } from '../types';

/**
 * Reviews (issue 15): reading is public; writing is the order's creator's, replying the reviewed editor's,
 * moderating admins'. The badge and the admin's photo routes are admins'; /profile/photo is an editor's own.
 * Rows that change state get fresh fixtures per role.
 */
export const reviewRows: AuthzRowsFactory = async ({ server, users }) => {
  const { db } = server;
  const { creator, editor } = users;
  const room = await matrixPairRoom({ server, users });
  /** A completed, paid order of the matrix's creator and editor (only paid work is reviewed). */
  const completed = async (): Promise<string> => {
    const [order] = await db
      .insert(orders)
      .values({
        roomId: room.id,
        creatorId: creator.id,
        editorId: editor.id,
        source: 'offer',
        title: 'Matrix order',
        pricePaise: 100_000,
        deliveryDays: 3,
        revisionsIncluded: 1,
        status: 'completed',
        completedAt: sql`now()`,
      })
      .returning();
    const [payment] = await db
      .insert(payments)
      .values({
        orderId: `order_matrix${randomBytes(8).toString('hex')}`,
        paymentSessionId: 'matrix',
        status: 'SUCCESS',
        amountPaise: 100_000,
        cutroomOrderId: order!.id,
        creatorId: creator.id,
        editorId: editor.id,
        phone: '9876543210',
        expiresAt: new Date(),
        paidAt: new Date(),
      })
      .returning();
    await db
      .update(orders)
      .set({ paymentId: payment!.id, paidAt: new Date() })
      .where(eq(orders.id, order!.id));
    return order!.id;
  };
  const reviewed = async (): Promise<string> => {
    const orderId = await completed();
    const [row] = await db
      .insert(reviews)
      .values({ orderId, editorId: editor.id, creatorId: creator.id, rating: 4 })
      .returning();
    return row!.id;
  };
  const freshEditor = async (who: Who) =>
    (await createTestUser(db, 'editor', { username: `rv-${who}-${Math.random().toString(36).slice(2, 10)}` }))
      .id;
  const hiddenReview = async () => {
    const id = await reviewed();
    await db.execute(sql`update reviews set hidden_at = now(), hidden_reason = 'matrix' where id = ${id}`);
    return id;
  };
  return [
    {
      method: 'GET',
      route: '/api/users/editors/:id/reviews',
      path: `/api/users/editors/${editor.id}/reviews`,
      expect: everyone(200),
    },
    {
      method: 'POST',
      route: '/api/orders/:id/review',
      path: async () => `/api/orders/${await completed()}/review`,
      body: { rating: 5 },
      expect: { anonymous: 401, creator: 201, editor: 403, admin: 403 },
    },
    {
      method: 'POST',
      route: '/api/reviews/:id/reply',
      path: async () => `/api/reviews/${await reviewed()}/reply`,
      body: { reply: 'Thank you' },
      expect: { anonymous: 401, creator: 403, editor: 200, admin: 403 },
    },
    { method: 'GET', route: '/api/admin/reviews', path: '/api/admin/reviews', expect: adminOnly },
    {
      method: 'POST',
      route: '/api/admin/reviews/:id/hide',
      path: async () => `/api/admin/reviews/${await reviewed()}/hide`,
      body: { reason: 'Matrix reason' },
      expect: adminOnly,
    },
    {
      method: 'POST',
      route: '/api/admin/reviews/:id/unhide',
      path: async () => `/api/admin/reviews/${await hiddenReview()}/unhide`,
      body: { reason: 'Matrix reason' },
      expect: adminOnly,
    },
    {
      method: 'POST',
      route: '/api/admin/editors/:id/verified',
      path: async (who) => `/api/admin/editors/${await freshEditor(who)}/verified`,
      body: { verified: true },
      expect: adminOnly,
    },
    {
      method: 'PUT',
      route: '/api/admin/editors/:id/photo',
      path: async (who) => `/api/admin/editors/${await freshEditor(who)}/photo`,
      // No file: an admin gets past authorization to the 400.
      expect: { anonymous: 401, creator: 403, editor: 403, admin: 400 },
    },
    {
      method: 'DELETE',
      route: '/api/admin/editors/:id/photo',
      path: async (who) => `/api/admin/editors/${await freshEditor(who)}/photo`,
      expect: adminOnly,
    },
    {
      method: 'PUT',
      route: '/api/profile/photo',
      path: '/api/profile/photo',
      expect: { anonymous: 401, creator: 403, editor: 400, admin: 403 },
    },
    {
      method: 'DELETE',
      route: '/api/profile/photo',
      path: '/api/profile/photo',
      expect: { anonymous: 401, creator: 403, editor: 200, admin: 403 },
    },
  ];
};
