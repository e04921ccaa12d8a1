import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ORDER_MESSAGES, percentOf } from '@cutroom/contracts';
import { payments } from '../src/db/schema';
import { ORDER_JOBS, type RefundJobPayload } from '../src/modules/orders/job-kinds';
import { editorPartOfRefund, splitPayment } from '../src/modules/payouts/rules';
import { listDeliveries, systemLines } from './delivery-fixtures';
import { eventually } from './fakes/payment-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { adminDetail, deliver, eventTypes, openRoom, orderAs, refundsOf, step } from './orders/fixtures';
import {
  finishedRefunds,
  paidDelivered,
  paise,
  propose,
  refundJobsFinished,
  refundJobsOf,
  requestChanges,
  settledRefunds,
  type Pair,
} from './orders/settlement-fixtures';

/**
 * Where the money goes when an order is settled for less (issue 26): the refund is exactly what lies above
 * the agreed amount of what remains paid, however the payment was refunded before; the ledger's editor
 * share and commission follow what is kept; the refund job refunds nothing twice; the newest delivery, and
 * only it, is released.
 */
describe('settling for a different amount: the money', { timeout: 90_000 }, () => {
  let server: TestServer;
  let api: ApiClient;
  let admin: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    admin = await createTestUser(server.db, 'admin');
  });
  afterAll(() => server?.close());

  /** A fresh creator and editor in their own room (lines of one order are easy to find). */
  async function pair(): Promise<Pair> {
    const [creator, editor] = await Promise.all([
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor'),
    ]);
    return { creator, editor, roomId: await openRoom(api, creator, editor) };
  }

  const money = async (who: TestUser, orderId: string) => {
    const res = await api.get(`/api/orders/${orderId}/money`, { token: who.token });
    expect(res.status).toBe(200);
    return res.body as {
      amount: number;
      feePercent: number;
      refunded: number;
      refundable: number;
      editorKeeps: number;
      platformKeeps: number;
    };
  };
  const adminRefund = async (gatewayOrderId: string, rupees: number) => {
    const res = await api.post(
      `/api/payment/refund/${gatewayOrderId}`,
      { refundAmount: rupees, refundNote: 'Goodwill for the delay' },
      { token: admin.token },
    );
    expect(res.status).toBe(201);
  };

  /**
   * What GET /money must say once `refundedPaise` in all went back on a payment of `grossPaise`: the
   * ledger's own rule (the editor gives back the share's proportion of everything refunded, cumulatively).
   */
  function expectedKeeps(grossPaise: number, fee: number, refundedPaise: number) {
    const { sharePaise, commissionPaise } = splitPayment(grossPaise, fee);
    const fromEditor = editorPartOfRefund(
      { grossPaise, sharePaise },
      { refundedPaise: 0, editorRefundedPaise: 0 },
      refundedPaise,
    );
    return {
      editorKeeps: (sharePaise - fromEditor) / 100,
      platformKeeps: (commissionPaise - (refundedPaise - fromEditor)) / 100,
    };
  }

  it('₹1,234 agreed of ₹5,001: exactly ₹3,767 refunded once; editor share and commission split the ₹1,234 by the fee', async () => {
    const p = await pair();
    const { order } = await paidDelivered(api, server, p, { amount: 5001 });
    await propose(api, p.creator, order._id, 1234, 'Only the intro is usable');
    const done = await step(api, p.editor, `/api/orders/${order._id}/settlement/accept`);
    expect(done).toMatchObject({ status: 'completed', settlement: null });

    const back = await settledRefunds(api, admin, order.paymentOrderId!, 3767);
    expect(back).toMatchObject({ amount: 5001, refundedAmount: 3767, remainingAmount: 1234 });
    expect(back.refunds.map((r) => [r.amount, r.status])).toEqual([[3767, 'SUCCESS']]);
    expect(back.refunds[0]!.note).toBe(`Settlement of order ${order.reference}`);

    const m = await eventually(async () => {
      const x = await money(p.editor, order._id);
      return x.refunded === 3767 ? x : null;
    });
    expect(m.feePercent).toBe(20);
    expect(m).toMatchObject({ amount: 5001, refundable: 1234, ...expectedKeeps(500_100, 20, 376_700) });
    // The two parts are the kept amount, to the paisa, and split by the fee (rounding: a paisa at most).
    expect(paise(m.editorKeeps) + paise(m.platformKeeps)).toBe(123_400);
    expect(Math.abs(paise(m.editorKeeps) - (123_400 - percentOf(123_400, 20)))).toBeLessThanOrEqual(1);
    expect(await money(p.creator, order._id)).toEqual(m);

    const detail = await adminDetail(api, admin, order._id);
    expect(detail.events.find((e) => e.type === 'settlement_proposed')?.summary).toBe(
      'Proposed completing at ₹1,234 of ₹5,001 paid',
    );
    expect(detail.events.find((e) => e.type === 'settled')?.summary).toBe(
      'Completed at ₹1,234 as agreed; ₹3,767 refunded',
    );
    await eventually(async () => eventTypes(await adminDetail(api, admin, order._id)).includes('refunded'));
    const o = await orderAs(api, p.creator, order._id);
    expect(o).toMatchObject({ status: 'completed', paid: true, refundedAmount: 3767 });
  });

  it('an order partly refunded by an admin first: the settlement refunds above the agreed amount of what remains', async () => {
    const p = await pair();
    const { order } = await paidDelivered(api, server, p);
    await adminRefund(order.paymentOrderId!, 1000);
    await settledRefunds(api, admin, order.paymentOrderId!, 1000);

    // ₹5,999 remain: that much, or more, cannot be agreed.
    for (const amount of [5999, 6000, 6999]) {
      const res = await api.post(
        `/api/orders/${order._id}/settlement`,
        { amount },
        { token: p.editor.token },
      );
      expect([amount, res.status, res.body.message]).toEqual([
        amount,
        409,
        ORDER_MESSAGES.settlementTooLarge('₹5,999'),
      ]);
    }
    const proposed = await propose(api, p.editor, order._id, 4000);
    expect(proposed.settlement?.amount).toBe(4000);
    expect(
      (await adminDetail(api, admin, order._id)).events.find((e) => e.type === 'settlement_proposed')
        ?.summary,
    ).toBe('Proposed completing at ₹4,000 of ₹5,999 paid');
    await step(api, p.creator, `/api/orders/${order._id}/settlement/accept`);

    const back = await settledRefunds(api, admin, order.paymentOrderId!, 2999);
    expect(back.refunds.map((r) => r.amount)).toEqual([1000, 1999]);
    expect(back.remainingAmount).toBe(4000);
    const m = await eventually(async () => {
      const x = await money(p.creator, order._id);
      return x.refunded === 2999 ? x : null;
    });
    expect(m).toMatchObject({ refundable: 4000, ...expectedKeeps(699_900, 20, 299_900) });
    expect(paise(m.editorKeeps) + paise(m.platformKeeps)).toBe(400_000);
    expect(await systemLines(api, p.creator, p.roomId)).toContain(
      `Order ${order.reference} completed at ₹4,000, as both sides agreed. ₹1,999 is refunded to the creator.`,
    );
  });

  it('an admin refund between proposal and acceptance: at or above what remains the answer is refused and nothing moves; below it, only the rest above the amount goes back', async () => {
    const p = await pair();
    const { order } = await paidDelivered(api, server, p);
    await propose(api, p.creator, order._id, 4000);
    // ₹3,000 back (still on its way: a pending refund holds its amount): ₹3,999 remain, below ₹4,000.
    await adminRefund(order.paymentOrderId!, 3000);
    const before = await adminDetail(api, admin, order._id);
    const jobsBefore = (await refundJobsOf(server, order._id)).length;
    const res = await api.post(`/api/orders/${order._id}/settlement/accept`, {}, { token: p.editor.token });
    expect([res.status, res.body.message]).toEqual([409, ORDER_MESSAGES.settlementTooLarge('₹3,999')]);
    const after = await adminDetail(api, admin, order._id);
    expect(after.data).toEqual(before.data);
    expect(after.events).toHaveLength(before.events.length);
    expect(after.data.settlement).toMatchObject({ proposedBy: 'creator', amount: 4000 });
    expect(await refundJobsOf(server, order._id)).toHaveLength(jobsBefore);
    expect((await settledRefunds(api, admin, order.paymentOrderId!, 3000)).refunds).toHaveLength(1);

    // Taken back and proposed again below what remains, it goes through: ₹999 more, ₹3,000 kept.
    await step(api, p.creator, `/api/orders/${order._id}/settlement/withdraw`);
    await propose(api, p.creator, order._id, 3000);
    await step(api, p.editor, `/api/orders/${order._id}/settlement/accept`);
    const back = await settledRefunds(api, admin, order.paymentOrderId!, 3999);
    expect(back.refunds.map((r) => r.amount)).toEqual([3000, 999]);

    // A smaller admin refund meanwhile: the agreed amount still stays, the rest above it goes back.
    const q = await pair();
    const second = await paidDelivered(api, server, q);
    await propose(api, q.editor, second.order._id, 4000);
    await adminRefund(second.order.paymentOrderId!, 1000);
    await step(api, q.creator, `/api/orders/${second.order._id}/settlement/accept`);
    const back2 = await settledRefunds(api, admin, second.order.paymentOrderId!, 2999);
    expect(back2.refunds.map((r) => r.amount)).toEqual([1000, 1999]);
    expect(back2.remainingAmount).toBe(4000);
  });

  it('the refund job run again after it succeeded refunds nothing more', async () => {
    const p = await pair();
    const { order } = await paidDelivered(api, server, p);
    await propose(api, p.editor, order._id, 4000);
    await step(api, p.creator, `/api/orders/${order._id}/settlement/accept`);
    await settledRefunds(api, admin, order.paymentOrderId!, 2999);
    const [job] = await refundJobsFinished(server, order._id);
    expect(job!.status).toBe('done');
    const payload = job!.payload as RefundJobPayload;
    expect(payload).toMatchObject({ orderId: order._id, keepPaise: 400_000 });

    // The same job again, twice more (a retry after a lost answer, a duplicate delivery).
    await server.app.jobs.enqueue(ORDER_JOBS.refund, payload);
    await server.app.jobs.enqueue(ORDER_JOBS.refund, payload);
    const all = await eventually(async () => {
      const list = await refundJobsOf(server, order._id);
      return list.length === 3 && list.every((j) => j.status === 'done') ? list : null;
    }, 15_000);
    expect(all).toHaveLength(3);
    const back = await refundsOf(api, admin, order.paymentOrderId!);
    expect(back).toMatchObject({ refundedAmount: 2999, remainingAmount: 4000 });
    expect(back.refunds).toHaveLength(1);
  });

  it('two runs of one refund job at the same time refund what lies above the kept amount once', async () => {
    const p = await pair();
    const { order } = await paidDelivered(api, server, p);
    const [payment] = await server.db
      .select()
      .from(payments)
      .where(and(eq(payments.cutroomOrderId, order._id), eq(payments.status, 'SUCCESS')));
    const payload: RefundJobPayload = {
      orderId: order._id,
      paymentId: payment!.id,
      note: `Settlement of order ${order.reference}`,
      keepPaise: 400_000,
    };
    // Both written at once and woken together: the runner claims and runs them side by side.
    const rows = await server.db.transaction(async (tx) => [
      await server.app.jobs.enqueue(ORDER_JOBS.refund, payload, { db: tx as never }),
      await server.app.jobs.enqueue(ORDER_JOBS.refund, payload, { db: tx as never }),
    ]);
    for (const row of rows) server.app.jobs.dispatch(row);
    await refundJobsFinished(server, order._id);
    const back = await finishedRefunds(api, admin, order.paymentOrderId!);
    expect(back.refunds.map((r) => r.amount)).toEqual([2999]);
    expect(back.remainingAmount).toBe(4000);
    // And later, nothing more.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await refundsOf(api, admin, order.paymentOrderId!)).refundedAmount).toBe(2999);
  });

  const finalStatus = (who: TestUser, deliveryId: string) =>
    api
      .get(`/api/deliveries/${deliveryId}/final`, {
        token: who.token,
        headers: { accept: 'application/json' },
      })
      .then((r) => r.status);

  it('accepted while the newest delivery is under review: it is approved and released, the older one is not', async () => {
    const p = await pair();
    const { order, deliveryId: first } = await paidDelivered(api, server, p);
    await requestChanges(api, p.creator, first);
    const second = (await deliver(api, p.editor, p.roomId, order._id))._id;
    await propose(api, p.editor, order._id, 5000);
    expect(await finalStatus(p.creator, second)).toBe(403);
    await step(api, p.creator, `/api/orders/${order._id}/settlement/accept`);

    const ds = await listDeliveries(api, p.creator, p.roomId);
    const status = (id: string) => ds.find((d) => d._id === id)!.status;
    expect([status(first), status(second)]).toEqual(['changes_requested', 'approved']);
    expect(await finalStatus(p.creator, second)).toBe(200);
    expect(await finalStatus(p.creator, first)).toBe(403);
    // The editor never downloads the creator's final copy; the order's other deliveries stay unreleased.
    expect(await finalStatus(p.editor, second)).toBe(404);
    const lines = await systemLines(api, p.creator, p.roomId);
    expect(lines.filter((l) => l.startsWith('Final file of delivery'))).toEqual([
      'Final file of delivery #2 released to the creator.',
    ]);
    await settledRefunds(api, admin, order.paymentOrderId!, 1999);
    // Still released once the refund went through (the order stays paid: ₹5,000 kept).
    expect(await finalStatus(p.creator, second)).toBe(200);
  });

  it('accepted while the newest delivery has changes asked for: that delivery is the final one', async () => {
    const p = await pair();
    const { order, deliveryId } = await paidDelivered(api, server, p);
    await requestChanges(api, p.creator, deliveryId);
    expect(await finalStatus(p.creator, deliveryId)).toBe(403);
    await propose(api, p.creator, order._id, 3500, 'We ran out of time for another pass');
    await step(api, p.editor, `/api/orders/${order._id}/settlement/accept`);
    const d = (await listDeliveries(api, p.creator, p.roomId)).find((x) => x._id === deliveryId)!;
    expect(d.status).toBe('approved');
    expect(await finalStatus(p.creator, deliveryId)).toBe(200);
    expect(await systemLines(api, p.creator, p.roomId)).toContain(
      'Final file of delivery #1 released to the creator.',
    );
    const back = await settledRefunds(api, admin, order.paymentOrderId!, 3499);
    expect(back.refunds.map((r) => r.amount)).toEqual([3499]);
  });
});
