import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { paiseFromRupees, type Order } from '@cutroom/contracts';
import { payments } from '../../src/db/schema';
import type { ApiClient } from '../helpers/http';
import type { TestServer } from '../helpers/server';
import { createTestUser, type TestUser } from '../helpers/users';
import { acceptOffer, deliver, openRoom, orderAs, payOrder, sendOffer } from '../orders/fixtures';
import { refreshTrackRecord } from '../../src/modules/portfolio/catalogue-fields';

/** An editor whose tiers (and so the catalogue's prices and tags) are saved through the admin's API. */
const DAYS = { basic: 3, intermediate: 5, pro: 7 };

export async function catalogueEditor(
  api: ApiClient,
  server: TestServer,
  admin: TestUser,
  opts: {
    username?: string;
    prices: Partial<Record<'basic' | 'intermediate' | 'pro', number>>;
    express?: boolean;
  },
): Promise<TestUser> {
  const editor = await createTestUser(server.db, 'editor', opts.username ? { username: opts.username } : {});
  const tiers = Object.entries(opts.prices).map(([title, price]) => ({
    title,
    description: `${title} edit`,
    features: opts.express ? ['1 revision', 'Express delivery'] : ['1 revision'],
    pricing: [{ reelCount: 1, priceMin: price }],
    // The days each tier states: 3, 5 or 7 by tier, halved by 'express' (the list's fastest delivery).
    deliveryDays: Math.ceil(DAYS[title as keyof typeof DAYS] / (opts.express ? 2 : 1)),
    revisions: 1,
  }));
  const res = await api.patch(
    `/api/admin/editors/${editor.id}/portfolio/structure`,
    { tiers, whatsIncluded: ['Revisions'] },
    { token: admin.token },
  );
  if (res.status !== 200) throw new Error(`structure: ${res.status} ${JSON.stringify(res.body)}`);
  return editor;
}

/** The whole real flow: offer, accept (pay on approval), deliver, approve, pay → completed. */
export async function completedOrder(
  api: ApiClient,
  server: TestServer,
  creator: TestUser,
  editor: TestUser,
): Promise<Order> {
  const roomId = await openRoom(api, creator, editor);
  const offer = await sendOffer(api, editor, roomId, { amount: 2500, revisions: 1, deliveryDays: 3 });
  await acceptOffer(api, creator, offer._id, false);
  const delivery = await deliver(api, editor, roomId, offer._id);
  const approved = await api.post(`/api/deliveries/${delivery._id}/approve`, undefined, {
    token: creator.token,
  });
  if (approved.status !== 200)
    throw new Error(`approve: ${approved.status} ${JSON.stringify(approved.body)}`);
  await payOrder(api, server, creator, offer._id);
  const order = await orderAs(api, creator, offer._id);
  if (order.status !== 'completed') throw new Error(`expected completed, got ${order.status}`);
  return order;
}

/**
 * An accepted order moved to completed and paid in the database (a SUCCESS payment of its price, paid when
 * it completed), for tests that need many completed orders and are about what happens after (reviews,
 * averages). Only paid work is reviewed and counted. The track record is refreshed as the transition does.
 */
export async function completedInDb(
  api: ApiClient,
  server: TestServer,
  creator: TestUser,
  editor: TestUser,
  completedAt = new Date(),
): Promise<string> {
  const roomId = await openRoom(api, creator, editor);
  const offer = await sendOffer(api, editor, roomId, { amount: 1800 });
  await acceptOffer(api, creator, offer._id, false);
  const [payment] = await server.db
    .insert(payments)
    .values({
      orderId: `order_fixture${randomBytes(8).toString('hex')}`,
      paymentSessionId: 'fixture',
      status: 'SUCCESS',
      amountPaise: paiseFromRupees(offer.amount),
      cutroomOrderId: offer._id,
      creatorId: creator.id,
      editorId: editor.id,
      phone: '9876543210',
      expiresAt: completedAt,
      paidAt: completedAt,
    })
    .returning();
  await server.db.execute(
    sql`update orders set status = 'completed', completed_at = ${completedAt.toISOString()}::timestamptz,
      payment_id = ${payment!.id}, paid_at = ${completedAt.toISOString()}::timestamptz where id = ${offer._id}`,
  );
  await refreshTrackRecord(server.db, editor.id);
  return offer._id;
}

export async function review(
  api: ApiClient,
  who: TestUser,
  orderId: string,
  body: Record<string, unknown> = { rating: 5, text: 'Great cut' },
) {
  return api.post(`/api/orders/${orderId}/review`, body, { token: who.token });
}
