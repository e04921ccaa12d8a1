import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, type AppNotification } from '@cutroom/contracts';
import { orders } from '../src/db/schema';
import { cancellationTimedOut } from '../src/modules/orders/cancellation-timeout';
import { orderKernel } from '../src/modules/orders/context';
import { autoComplete } from '../src/modules/orders/deadlines';
import type { OrderKernel } from '../src/modules/orders/kernel';
import { settlementLapsed } from '../src/modules/orders/settlement';
import { systemLines } from './delivery-fixtures';
import { eventually } from './fakes/payment-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { adminDetail, eventTypes, openRoom, orderAs, refundsOf, step } from './orders/fixtures';
import {
  lapseJobsOf,
  paidDelivered,
  pastSettlementRespondBy,
  propose,
  proposedAtOf,
  refundJobsOf,
  settledRefunds,
  type Pair,
} from './orders/settlement-fixtures';

/**
 * A proposal nobody answers lapses like a cancellation request (ORDER_CANCELLATION_RESPONSE_HOURS), by a
 * durable job; a stale job (for a proposal since withdrawn) does nothing; the order moving on by
 * approval, auto-completion or cancellation clears a pending proposal, and its lapse job then finds
 * nothing. One server answers in 1.8 s (the job runs by itself); the other on the real 48 h, where the
 * jobs' handlers are called from the server's kernel after a deadline is written into the past.
 */

async function newPair(server: TestServer, api: ApiClient): Promise<Pair> {
  const [creator, editor] = await Promise.all([
    createTestUser(server.db, 'creator'),
    createTestUser(server.db, 'editor'),
  ]);
  return { creator, editor, roomId: await openRoom(api, creator, editor) };
}

describe('a proposal nobody answers, on a short clock', { timeout: 60_000 }, () => {
  let server: TestServer;
  let api: ApiClient;
  let admin: TestUser;

  beforeAll(async () => {
    server = await startTestServer({ ORDER_CANCELLATION_RESPONSE_HOURS: '0.0005' });
    api = apiClient(server.url);
    admin = await createTestUser(server.db, 'admin');
  });
  afterAll(() => server?.close());

  it('lapses by its own job at respondBy: a line, the timeline, the proposer told; nothing refunded', async () => {
    const p = await newPair(server, api);
    const { order } = await paidDelivered(api, server, p);
    const proposed = await propose(api, p.editor, order._id, 4000);
    const respondBy = new Date(proposed.settlement!.respondBy).getTime();
    expect(respondBy - Date.now()).toBeLessThanOrEqual(1800);

    const lapsed = await eventually(async () => {
      const o = await orderAs(api, p.creator, order._id);
      return o.settlement === null ? o : null;
    }, 15_000);
    expect(Date.now()).toBeGreaterThanOrEqual(respondBy);
    expect(lapsed).toMatchObject({ status: 'delivered', refundedAmount: 0 });
    expect(lapsed.actions).toContain('propose_settlement');
    expect(await systemLines(api, p.creator, p.roomId)).toContain(
      `The proposal to complete order ${order.reference} at ₹4,000 was not answered in time; the order goes on.`,
    );
    const told = await eventually(async () => {
      const res = await api.get('/api/notifications?limit=100', { token: p.editor.token });
      return (res.body.data as AppNotification[]).find(
        (n) => n.kind === 'settlement_answered' && n.orderId === order._id,
      );
    });
    expect(told.title).toBe(`Your proposal on ${order.reference} lapsed unanswered`);

    // Too late to accept; and the job, however often it runs, lapses it once.
    const late = await api.post(`/api/orders/${order._id}/settlement/accept`, {}, { token: p.creator.token });
    expect([late.status, late.body.message]).toEqual([409, ORDER_MESSAGES.noSettlement]);
    await new Promise((r) => setTimeout(r, 1000));
    const detail = await adminDetail(api, admin, order._id);
    expect(eventTypes(detail).filter((t) => t === 'settlement_lapsed')).toHaveLength(1);
    expect(await refundJobsOf(server, order._id)).toEqual([]);
    expect((await refundsOf(api, admin, order.paymentOrderId!)).refunds).toEqual([]);
  });
});

describe('a pending proposal when the order moves on', { timeout: 90_000 }, () => {
  let server: TestServer;
  let api: ApiClient;
  let k: OrderKernel;
  let admin: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    k = orderKernel(server.app);
    admin = await createTestUser(server.db, 'admin');
  });
  afterAll(() => server?.close());

  const detail = (orderId: string) => adminDetail(api, admin, orderId);

  /** The lapse job of a proposal, run after its deadline: it must find nothing to do. */
  async function staleLapseDoesNothing(orderId: string, proposedAt: string) {
    await server.db
      .update(orders)
      .set({ settlementRespondBy: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, orderId));
    const before = await detail(orderId);
    await settlementLapsed(k, orderId, proposedAt);
    const after = await detail(orderId);
    expect(after.data).toEqual(before.data);
    expect(after.events).toHaveLength(before.events.length);
  }

  it('a lapse job for a proposal since withdrawn does nothing to the newer one, whose own job lapses it', async () => {
    const p = await newPair(server, api);
    const { order } = await paidDelivered(api, server, p);
    await propose(api, p.creator, order._id, 4000);
    const first = await proposedAtOf(server, order._id);
    await step(api, p.creator, `/api/orders/${order._id}/settlement/withdraw`);
    await propose(api, p.creator, order._id, 3500);
    const second = await proposedAtOf(server, order._id);
    expect(second).not.toBe(first);
    expect((await lapseJobsOf(server, order._id)).map((j) => j.payload.proposedAt)).toEqual([first, second]);

    await pastSettlementRespondBy(server, order._id);
    const before = await detail(order._id);
    await settlementLapsed(k, order._id, first);
    const after = await detail(order._id);
    expect(after.data).toEqual(before.data);
    expect(after.events).toHaveLength(before.events.length);
    expect(after.data.settlement).toMatchObject({ proposedBy: 'creator', amount: 3500 });

    await settlementLapsed(k, order._id, second);
    const lapsed = await detail(order._id);
    expect(lapsed.data.settlement).toBeNull();
    expect(lapsed.events.slice(before.events.length).map((e) => e.summary)).toEqual([
      'Proposal to complete at ₹3,500 lapsed unanswered',
    ]);
  });

  it('approving the delivery completes the order at its price and clears the proposal', async () => {
    const p = await newPair(server, api);
    const { order, deliveryId } = await paidDelivered(api, server, p);
    await propose(api, p.editor, order._id, 4000);
    const at = await proposedAtOf(server, order._id);
    const approved = await api.post(`/api/deliveries/${deliveryId}/approve`, {}, { token: p.creator.token });
    expect(approved.status).toBe(200);
    const o = await orderAs(api, p.creator, order._id);
    expect(o).toMatchObject({ status: 'completed', settlement: null, refundedAmount: 0 });
    const accept = await api.post(
      `/api/orders/${order._id}/settlement/accept`,
      {},
      { token: p.creator.token },
    );
    expect([accept.status, accept.body.message]).toEqual([
      409,
      ORDER_MESSAGES.notAllowed('accept the settlement of', 'completed'),
    ]);
    await staleLapseDoesNothing(order._id, at);
    expect(await refundJobsOf(server, order._id)).toEqual([]);
  });

  it('auto-completion clears the proposal', async () => {
    const p = await newPair(server, api);
    const { order } = await paidDelivered(api, server, p);
    await propose(api, p.creator, order._id, 4000);
    const at = await proposedAtOf(server, order._id);
    await server.db
      .update(orders)
      .set({ autoCompleteAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, order._id));
    await autoComplete(k, order._id);
    const o = await detail(order._id);
    expect(o.data).toMatchObject({ status: 'completed', settlement: null });
    expect(eventTypes(o)).toContain('auto_completed');
    await staleLapseDoesNothing(order._id, at);
    expect(await refundJobsOf(server, order._id)).toEqual([]);
  });

  it('a mutual cancellation accepted while a proposal waits: cancelled, refunded in full once, the proposal gone', async () => {
    const p = await newPair(server, api);
    const { order } = await paidDelivered(api, server, p);
    await propose(api, p.creator, order._id, 4000);
    const at = await proposedAtOf(server, order._id);
    await step(api, p.editor, `/api/orders/${order._id}/cancellation`, { reason: 'I cannot finish it' });
    await step(api, p.creator, `/api/orders/${order._id}/cancellation/accept`);
    expect(await orderAs(api, p.creator, order._id)).toMatchObject({ status: 'cancelled', settlement: null });
    const accept = await api.post(
      `/api/orders/${order._id}/settlement/accept`,
      {},
      { token: p.editor.token },
    );
    expect([accept.status, accept.body.message]).toEqual([
      409,
      ORDER_MESSAGES.notAllowed('accept the settlement of', 'cancelled'),
    ]);
    await staleLapseDoesNothing(order._id, at);
    const back = await settledRefunds(api, admin, order.paymentOrderId!, 6999);
    expect(back.refunds.map((r) => r.amount)).toEqual([6999]);
  });

  it('an admin cancel, or an unanswered cancellation, clears a pending proposal', async () => {
    const p = await newPair(server, api);
    const first = await paidDelivered(api, server, p);
    await propose(api, p.editor, first.order._id, 4000);
    const at1 = await proposedAtOf(server, first.order._id);
    await step(api, admin, `/api/admin/orders/${first.order._id}/cancel`, {
      refundAmount: 0,
      note: 'Resolved',
    });
    expect((await detail(first.order._id)).data).toMatchObject({ status: 'cancelled', settlement: null });
    await staleLapseDoesNothing(first.order._id, at1);

    const second = await paidDelivered(api, server, p);
    await step(api, p.creator, `/api/orders/${second.order._id}/cancellation`, { reason: 'Plans changed' });
    await propose(api, p.editor, second.order._id, 4000);
    const at2 = await proposedAtOf(server, second.order._id);
    const [row] = await server.db.select().from(orders).where(eq(orders.id, second.order._id));
    await server.db
      .update(orders)
      .set({ cancellationRespondBy: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, second.order._id));
    await cancellationTimedOut(k, second.order._id, row!.cancellationRequestedAt!.toISOString());
    expect((await detail(second.order._id)).data).toMatchObject({ status: 'cancelled', settlement: null });
    await staleLapseDoesNothing(second.order._id, at2);
    await settledRefunds(api, admin, second.order.paymentOrderId!, 6999);
  });

  it('a settlement accepted while a cancellation waits clears it: its timeout then cancels nothing', async () => {
    const p = await newPair(server, api);
    const { order } = await paidDelivered(api, server, p);
    await step(api, p.creator, `/api/orders/${order._id}/cancellation`, { reason: 'Plans changed' });
    await propose(api, p.editor, order._id, 4000);
    const [row] = await server.db.select().from(orders).where(eq(orders.id, order._id));
    await step(api, p.creator, `/api/orders/${order._id}/settlement/accept`);
    expect(await orderAs(api, p.creator, order._id)).toMatchObject({
      status: 'completed',
      cancellation: null,
      settlement: null,
    });
    await server.db
      .update(orders)
      .set({ cancellationRespondBy: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, order._id));
    const before = await detail(order._id);
    await cancellationTimedOut(k, order._id, row!.cancellationRequestedAt!.toISOString());
    const after = await detail(order._id);
    expect(after.data.status).toBe('completed');
    expect(after.events).toHaveLength(before.events.length);
    const back = await settledRefunds(api, admin, order.paymentOrderId!, 2999);
    expect(back.refunds.map((r) => r.amount)).toEqual([2999]);
  });
});
