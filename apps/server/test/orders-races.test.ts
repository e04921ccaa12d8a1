import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, paiseFromRupees, type Order } from '@cutroom/contracts';
import { orders } from '../src/db/schema';
import { orderKernel } from '../src/modules/orders/context';
import { autoComplete } from '../src/modules/orders/deadlines';
import {
  completeReservedPayment,
  GatewayError,
  paymentsContext,
  reservePayment,
} from '../src/modules/payments';
import { listDeliveries, systemLines } from './delivery-fixtures';
import { eventually } from './fakes/payment-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import {
  acceptOffer,
  adminDetail,
  checkout,
  deliver,
  eventTypes,
  openRoom,
  orderAs,
  payOrder,
  refundsOf,
  sendOffer,
  startPayment,
} from './orders/fixtures';

/**
 * Two things happening to one order at the same moment. The same file runs on PGlite (one connection:
 * transactions take turns) and on PostgreSQL (a pool: they really overlap, and the order row lock and
 * conditional UPDATEs decide); either way exactly one outcome may win, and money is never kept for a
 * cancelled order.
 */
describe('orders: races', { timeout: 60_000 }, () => {
  let server: TestServer;
  let api: ApiClient;
  let creator: TestUser;
  let editor: TestUser;
  let admin: TestUser;
  let roomId: string;

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    [creator, editor, admin] = await Promise.all([
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor'),
      createTestUser(server.db, 'admin'),
    ]);
    roomId = await openRoom(api, creator, editor);
  });
  afterAll(() => server?.close());

  const awaitingPayment = async (amount = 2500) => {
    const offer = await sendOffer(api, editor, roomId, { amount });
    return acceptOffer(api, creator, offer._id, true);
  };

  /** A second gateway order for the same order of ours, opened through the payments module directly. */
  /**
   * A second gateway order for the same order while the first is still open. Opening it terminates the
   * first at the gateway; here that call gets no answer (the gateway down a moment), so both stay
   * payable, as a stale tab or a retried request could leave them.
   */
  async function secondPayment(order: Order) {
    const ctx = paymentsContext(server.app);
    const reserved = await server.db.transaction((tx) =>
      reservePayment(tx as never, {
        cutroomOrderId: order._id,
        creatorId: creator.id,
        editorId: editor.id,
        amountPaise: paiseFromRupees(order.amount),
        planType: null,
        phone: '9876543210',
        creatorNote: '',
      }),
    );
    const gateway = ctx.gateway;
    const terminate = gateway.terminateOrder.bind(gateway);
    gateway.terminateOrder = async () => {
      throw new GatewayError(504, 'The payment gateway did not answer', false);
    };
    try {
      return await completeReservedPayment(ctx, reserved, `Order ${order.reference}`);
    } finally {
      gateway.terminateOrder = terminate;
    }
  }

  it('approve vs auto-complete at the due time: exactly one wins, one completion, the delivery approved once', async () => {
    const k = orderKernel(server.app);
    for (let round = 0; round < 4; round++) {
      const offer = await sendOffer(api, editor, roomId, { revisions: 1 });
      await acceptOffer(api, creator, offer._id, false);
      const cut = await deliver(api, editor, roomId, offer._id);
      // Fast-forward: the auto-complete is due now (its durable job is days away; we run its handler).
      await server.db
        .update(orders)
        .set({ autoCompleteAt: new Date(Date.now() - 1000) })
        .where(eq(orders.id, offer._id));
      const [approve] = await Promise.all([
        api.post(`/api/deliveries/${cut._id}/approve`, undefined, { token: creator.token }),
        autoComplete(k, offer._id),
      ]);
      const detail = await adminDetail(api, admin, offer._id);
      expect(detail.data.status).toBe('completed');
      const completions = eventTypes(detail).filter((t) => t === 'completed' || t === 'auto_completed');
      expect(completions).toHaveLength(1);
      if (approve.status === 200) {
        expect(completions).toEqual(['completed']);
        expect(approve.body.data.status).toBe('approved');
      } else {
        expect(approve.status).toBe(409);
        expect(approve.body.message).toBe('This delivery has already been reviewed');
        expect(completions).toEqual(['auto_completed']);
      }
      const delivery = (await listDeliveries(api, creator, roomId)).find((d) => d._id === cut._id)!;
      expect(delivery.status).toBe('approved');
      const lines = (await systemLines(api, creator, roomId)).filter(
        (l) =>
          l === `Delivery #${cut.number} approved.` || l.startsWith(`Order ${offer.reference} completed`),
      );
      expect(lines).toHaveLength(completions[0] === 'completed' ? 2 : 1);
      // And the loser's second try changes nothing.
      await autoComplete(k, offer._id);
      expect((await adminDetail(api, admin, offer._id)).events).toHaveLength(detail.events.length);
    }
  });

  it('cancel vs payment SUCCESS: cancelled and refunded in full, or paid and not cancelled — never cancelled with the money kept', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 4; round++) {
      const order = await awaitingPayment(2500);
      const pay = await startPayment(api, creator, order._id);
      const [cancel] = await Promise.all([
        api.post(`/api/orders/${order._id}/cancel`, { reason: 'Changed my mind' }, { token: creator.token }),
        // The checkout page: the simulator marks its order paid and posts its signed SUCCESS webhook.
        checkout(server, pay.paymentSessionId),
      ]);
      if (cancel.status === 200) {
        outcomes.add('cancelled');
        // The success landed on a cancelled order: refunded in full by the durable refund job.
        // (The order never took that payment, so the refund shows on the payment and in the timeline.)
        const done = await eventually(async () => {
          const o = await adminDetail(api, admin, order._id);
          return eventTypes(o).includes('refunded') ? o : null;
        });
        expect(done.data).toMatchObject({ status: 'cancelled', paid: false, paymentOrderId: null });
        // The cancel went first (a paid order is not cancellable this way), so the payment was refunded
        // as one that arrived for a cancelled order.
        expect(
          eventTypes(done).filter((t) => t === 'cancelled' || t === 'payment_refunded_automatically'),
        ).toEqual(['cancelled', 'payment_refunded_automatically']);
        const refunds = await eventually(async () => {
          const r = await refundsOf(api, admin, pay.orderId);
          return r.refunds.length ? r : null;
        });
        expect(refunds).toMatchObject({ amount: 2500, refundedAmount: 2500, remainingAmount: 0 });
        expect(refunds.refunds).toHaveLength(1);
      } else {
        outcomes.add('paid');
        expect(cancel.status).toBe(409);
        expect(cancel.body.message).toBe(ORDER_MESSAGES.notLate);
        const o = await orderAs(api, creator, order._id);
        expect(o).toMatchObject({ status: 'in_progress', paid: true, refundedAmount: 0, cancelledAt: null });
        expect((await refundsOf(api, admin, pay.orderId)).refunds).toEqual([]);
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it('a SUCCESS that arrives after the cancel is refunded automatically and recorded', async () => {
    const order = await awaitingPayment(1800);
    const pay = await startPayment(api, creator, order._id);
    const cancelled = await api.post(`/api/orders/${order._id}/cancel`, {}, { token: creator.token });
    expect(cancelled.status).toBe(200);
    expect(await checkout(server, pay.paymentSessionId)).toBe(303);
    const done = await eventually(async () => {
      const o = await adminDetail(api, admin, order._id);
      return eventTypes(o).includes('refunded') ? o : null;
    });
    expect(done.data).toMatchObject({ status: 'cancelled', paid: false, paymentOrderId: null });
    const auto = done.events.find((e) => e.type === 'payment_refunded_automatically')!;
    expect(auto.summary).toBe(
      `A payment of ₹1,800 (${pay.orderId}) arrived for an order that was cancelled; refunded in full`,
    );
    expect(done.events.find((e) => e.type === 'refunded')!.summary).toBe(
      'Refund of ₹1,800 confirmed by the gateway',
    );
    const back = await refundsOf(api, admin, pay.orderId);
    expect(back).toMatchObject({ amount: 1800, refundedAmount: 1800, remainingAmount: 0 });
    expect(back.refunds.map((r) => [r.amount, r.status])).toEqual([[1800, 'SUCCESS']]);
  });

  it('two payments at once: the same checkout (or "being prepared"), and at most one SUCCESS ever linked', async () => {
    const order = await awaitingPayment(3000);
    const replies = await Promise.all([
      api.post(`/api/orders/${order._id}/pay`, { phone: '9876543210' }, { token: creator.token }),
      api.post(`/api/orders/${order._id}/pay`, { phone: '9876543210' }, { token: creator.token }),
    ]);
    const opened = replies.filter((r) => r.status === 201);
    expect(opened.length).toBeGreaterThanOrEqual(1);
    for (const r of replies.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(409);
      expect(r.body.message).toBe(ORDER_MESSAGES.paymentBeingPrepared);
    }
    expect(new Set(opened.map((r) => r.body.orderId)).size).toBe(1);
    expect(new Set(opened.map((r) => r.body.paymentSessionId)).size).toBe(1);
    const detail = await adminDetail(api, admin, order._id);
    expect(eventTypes(detail).filter((t) => t === 'payment_started')).toHaveLength(1);

    expect(await checkout(server, opened[0]!.body.paymentSessionId)).toBe(303);
    const paid = await eventually(async () => {
      const o = await orderAs(api, creator, order._id);
      return o.paid ? o : null;
    });
    expect(paid).toMatchObject({ status: 'in_progress', paymentOrderId: opened[0]!.body.orderId });
    const mine = await api.get('/api/payment/creator/me', { token: creator.token });
    const forOrder = (mine.body.payments as { order: { _id: string } | null; status: string }[]).filter(
      (p) => p.order?._id === order._id,
    );
    expect(forOrder.map((p) => p.status)).toEqual(['SUCCESS']);
  });

  it('a second SUCCESS for an already paid order (another gateway order) is refunded automatically', async () => {
    const order = await awaitingPayment(2200);
    const first = await startPayment(api, creator, order._id);
    // A second gateway order for the same order, as a stale tab or a retried request could have opened.
    const second = await secondPayment(order);
    expect(second.orderId).not.toBe(first.orderId);
    await checkout(server, first.paymentSessionId);
    await eventually(async () => (await orderAs(api, creator, order._id)).paid);
    expect(await checkout(server, second.paymentSessionId)).toBe(303);

    const done = await eventually(async () => {
      const d = await adminDetail(api, admin, order._id);
      return eventTypes(d).includes('payment_refunded_automatically') ? d : null;
    });
    expect(done.data).toMatchObject({
      status: 'in_progress',
      paid: true,
      paymentOrderId: first.orderId,
      refundedAmount: 0,
    });
    expect(eventTypes(done).filter((t) => t === 'paid')).toHaveLength(1);
    expect(done.events.find((e) => e.type === 'payment_refunded_automatically')!.summary).toBe(
      `A payment of ₹2,200 (${second.orderId}) arrived for an order that was already paid; refunded in full`,
    );
    const back = await eventually(async () => {
      const r = await refundsOf(api, admin, second.orderId);
      return r.refunds.length ? r : null;
    });
    expect(back).toMatchObject({ amount: 2200, refundedAmount: 2200, remainingAmount: 0 });
    expect((await refundsOf(api, admin, first.orderId)).refunds).toEqual([]);
  });

  it('two gateway orders of one order succeed at once: one linked, the other refunded in full', async () => {
    const order = await awaitingPayment(1600);
    const first = await startPayment(api, creator, order._id);
    const second = await secondPayment(order);
    await Promise.all([checkout(server, first.paymentSessionId), checkout(server, second.paymentSessionId)]);
    const done = await eventually(async () => {
      const d = await adminDetail(api, admin, order._id);
      return d.data.paid && eventTypes(d).includes('payment_refunded_automatically') ? d : null;
    });
    expect(eventTypes(done).filter((t) => t === 'paid')).toHaveLength(1);
    expect(eventTypes(done).filter((t) => t === 'payment_refunded_automatically')).toHaveLength(1);
    const linked = done.data.paymentOrderId!;
    expect([first.orderId, second.orderId]).toContain(linked);
    const other = linked === first.orderId ? second.orderId : first.orderId;
    const back = await eventually(async () => {
      const r = await refundsOf(api, admin, other);
      return r.refunds.length ? r : null;
    });
    expect(back).toMatchObject({ refundedAmount: 1600, remainingAmount: 0 });
    expect((await refundsOf(api, admin, linked)).refunds).toEqual([]);
    expect(done.data).toMatchObject({ status: 'in_progress', paid: true, refundedAmount: 0 });
  });

  it('double accept of an offer: one 200, the other 409, one accepted event', async () => {
    for (let round = 0; round < 3; round++) {
      const offer = await sendOffer(api, editor, roomId);
      const replies = await Promise.all([
        api.post(`/api/orders/${offer._id}/accept`, { payNow: true }, { token: creator.token }),
        api.post(`/api/orders/${offer._id}/accept`, { payNow: false }, { token: creator.token }),
      ]);
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = replies.find((r) => r.status === 200)!;
      const loser = replies.find((r) => r.status === 409)!;
      expect(loser.body.message).toBe(ORDER_MESSAGES.notAllowed('accept', winner.body.data.status));
      const detail = await adminDetail(api, admin, offer._id);
      expect(detail.data.status).toBe(winner.body.data.status);
      expect(eventTypes(detail).filter((t) => t === 'accepted')).toHaveLength(1);
    }
  });

  it('paying a paid order is refused and opens no second checkout', async () => {
    const order = await awaitingPayment(1200);
    await payOrder(api, server, creator, order._id);
    const again = await Promise.all([
      api.post(`/api/orders/${order._id}/pay`, { phone: '9876543210' }, { token: creator.token }),
      api.post(`/api/orders/${order._id}/pay`, { phone: '9876543210' }, { token: creator.token }),
    ]);
    for (const r of again) expect([r.status, r.body.message]).toEqual([409, ORDER_MESSAGES.alreadyPaid]);
  });
});
