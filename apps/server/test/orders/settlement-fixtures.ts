import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Order } from '@cutroom/contracts';
import { jobs, orders } from '../../src/db/schema';
import { ORDER_JOBS } from '../../src/modules/orders/job-kinds';
import { eventually } from '../fakes/payment-fixtures';
import type { ApiClient } from '../helpers/http';
import type { TestServer } from '../helpers/server';
import type { TestUser } from '../helpers/users';
import { acceptOffer, deliver, orderAs, payOrder, refundsOf, sendOffer, step } from './fixtures';

/**
 * Helpers of the orders-settlement*.test.ts files: orders built with the API as the two sides would, and
 * the few reads that say where the money went. Direct writes only fast-forward a clock.
 */

export interface Pair {
  creator: TestUser;
  editor: TestUser;
  roomId: string;
}

/** A paid order, in progress (no delivery yet), at `amount` rupees. */
export async function paidOrder(
  api: ApiClient,
  server: TestServer,
  pair: Pair,
  fields: { amount?: number; revisions?: number } = {},
): Promise<Order> {
  const offer = await sendOffer(api, pair.editor, pair.roomId, { amount: 6999, revisions: 2, ...fields });
  await acceptOffer(api, pair.creator, offer._id, true);
  return payOrder(api, server, pair.creator, offer._id);
}

/** A paid order with one delivery under review (`delivered`). */
export async function paidDelivered(
  api: ApiClient,
  server: TestServer,
  pair: Pair,
  fields: { amount?: number; revisions?: number } = {},
): Promise<{ order: Order; deliveryId: string }> {
  const order = await paidOrder(api, server, pair, fields);
  const cut = await deliver(api, pair.editor, pair.roomId, order._id);
  return { order: await orderAs(api, pair.creator, order._id), deliveryId: cut._id };
}

/** The creator asks for changes on a delivery (a revision must be left). */
export async function requestChanges(api: ApiClient, creator: TestUser, deliveryId: string) {
  const res = await api.post(
    `/api/deliveries/${deliveryId}/request-changes`,
    { note: 'The second half is off-brief' },
    { token: creator.token },
  );
  if (res.status !== 200) throw new Error(`request-changes: ${res.status} ${JSON.stringify(res.body)}`);
  expect(res.body.data.status).toBe('changes_requested');
}

export const propose = (api: ApiClient, who: TestUser, orderId: string, amount: number, reason = '') =>
  step(api, who, `/api/orders/${orderId}/settlement`, { amount, reason });

/** Fast-forwards the answer deadline of the pending proposal into the past. */
export const pastSettlementRespondBy = (server: TestServer, orderId: string) =>
  server.db
    .update(orders)
    .set({ settlementRespondBy: new Date(Date.now() - 60_000) })
    .where(eq(orders.id, orderId));

/** The proposal's own time, as its lapse job carries it. */
export async function proposedAtOf(server: TestServer, orderId: string): Promise<string> {
  const [row] = await server.db.select().from(orders).where(eq(orders.id, orderId));
  if (!row?.settlementProposedAt) throw new Error('no proposal pending');
  return row.settlementProposedAt.toISOString();
}

/** Refunds of the order's payment once every one of them is SUCCESS and they add up to `total`. */
export async function settledRefunds(
  api: ApiClient,
  admin: TestUser,
  gatewayOrderId: string,
  total: number,
  ms = 15_000,
) {
  return eventually(async () => {
    const r = await refundsOf(api, admin, gatewayOrderId);
    const done = r.refunds.every((x) => x.status === 'SUCCESS');
    return done && r.refundedAmount === total ? r : null;
  }, ms);
}

/** Refunds of the order's payment once there is at least one and none is still on its way. */
export async function finishedRefunds(api: ApiClient, admin: TestUser, gatewayOrderId: string, ms = 15_000) {
  return eventually(async () => {
    const r = await refundsOf(api, admin, gatewayOrderId);
    return r.refunds.length > 0 && r.refunds.every((x) => x.status === 'SUCCESS') ? r : null;
  }, ms);
}

/** Every refund job ever written for an order, with its state. */
export async function refundJobsOf(server: TestServer, orderId: string) {
  const rows = await server.db.select().from(jobs).where(eq(jobs.kind, ORDER_JOBS.refund));
  return rows.filter((j) => j.payload.orderId === orderId);
}

/** Settlement lapse jobs written for an order, oldest first. */
export async function lapseJobsOf(server: TestServer, orderId: string) {
  const rows = await server.db.select().from(jobs).where(eq(jobs.kind, ORDER_JOBS.settlementLapse));
  return rows
    .filter((j) => j.payload.orderId === orderId)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** Waits until no refund job of the order is queued or running (each one has finished, or failed). */
export async function refundJobsFinished(server: TestServer, orderId: string, ms = 15_000) {
  return eventually(async () => {
    const list = await refundJobsOf(server, orderId);
    return list.length > 0 && list.every((j) => j.status === 'done' || j.status === 'failed') ? list : null;
  }, ms);
}

/** Paise, as integers, from the API's rupees (two decimals at most). */
export const paise = (rupees: number) => Math.round(rupees * 100);
