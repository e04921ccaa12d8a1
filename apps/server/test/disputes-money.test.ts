import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPUTE_MESSAGES, type Dispute, type Order } from '@cutroom/contracts';
import { orders, users } from '../src/db/schema';
import { listDeliveries } from './delivery-fixtures';
import { eventually } from './fakes/payment-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import {
  acceptOffer,
  adminDetail,
  deliver,
  eventTypes,
  openRoom,
  orderAs,
  refundsOf,
  sendOffer,
  step,
} from './orders/fixtures';
import {
  paidDelivered,
  paidOrder,
  propose,
  refundJobsFinished,
  refundJobsOf,
  requestChanges,
  settledRefunds,
  type Pair,
} from './orders/settlement-fixtures';
import {
  NOTE,
  decide,
  disputeAs,
  disputeStep,
  earningsRow,
  openDispute,
  orderRow,
  trackRecordOf,
} from './disputes/fixtures';

/**
 * What each decision does to the order and the money (issue 26), through the real refund path (the
 * simulator's gateway): a full refund cancels the order and refunds what remains; a partial refund
 * completes it (its newest delivery approved and released) and refunds exactly the amount, or cancels it
 * with that refund when nothing was ever delivered; a release completes it and refunds nothing; a
 * cancellation without refund cancels it. A refund never exceeds what was paid. Decisions against the
 * editor count in their public track record. And the ways the two sides settle a dispute themselves.
 */
describe('disputes: decisions and settlements, on the money', { timeout: 180_000 }, () => {
  let server: TestServer;
  let api: ApiClient;
  let admin: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    admin = await createTestUser(server.db, 'admin');
  });
  afterAll(() => server?.close());

  async function pair(): Promise<Pair> {
    const [creator, editor] = await Promise.all([
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor'),
    ]);
    return { creator, editor, roomId: await openRoom(api, creator, editor) };
  }
  /** Opened by the creator, answered by the editor, sent to admins by the creator. */
  async function withAdmins(p: Pair, orderId: string): Promise<Dispute> {
    const d = await openDispute(api, p.creator, orderId);
    await disputeStep(api, p.editor, d._id, 'answer');
    return disputeStep(api, p.creator, d._id, 'escalate');
  }
  /** A decision is final: neither side may open another dispute on the completed order. */
  async function decidedIsFinal(p: Pair, orderId: string) {
    for (const who of [p.creator, p.editor]) {
      expect((await orderAs(api, who, orderId)).actions).not.toContain('open_dispute');
      const again = await api.post(
        `/api/orders/${orderId}/dispute`,
        { reason: 'quality', statement: 'I do not accept the decision and open it again.' },
        { token: who.token },
      );
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(DISPUTE_MESSAGES.notDisputable(14));
    }
  }
  const gateway = (o: Order) => o.paymentOrderId!;
  const lostOf = async (editor: TestUser) =>
    (await server.db.select({ n: users.disputesLost }).from(users).where(eq(users.id, editor.id)))[0]!.n;
  /** Nothing went back, and nothing is on its way. */
  async function nothingRefunded(order: Order) {
    expect(await refundJobsOf(server, order._id)).toEqual([]);
    expect((await refundsOf(api, admin, gateway(order))).refunds).toEqual([]);
  }
  const adminRefund = async (order: Order, rupees: number) => {
    const res = await api.post(
      `/api/payment/refund/${gateway(order)}`,
      { refundAmount: rupees, refundNote: 'Goodwill for the delay' },
      { token: admin.token },
    );
    expect(res.status).toBe(201);
    await settledRefunds(api, admin, gateway(order), rupees);
  };

  it('full refund: the order is cancelled and all that remains goes back once; the editor loses it', async () => {
    const p = await pair();
    const { order } = await paidDelivered(api, server, p);
    await adminRefund(order, 1000);
    const d = await withAdmins(p, order._id);
    const decided = await decide(api, admin, d._id, 'full_refund');
    expect(decided).toMatchObject({
      status: 'decided',
      decision: { kind: 'full_refund', amount: null, note: NOTE },
      actions: [],
    });
    const after = await adminDetail(api, admin, order._id);
    expect(after.data).toMatchObject({ status: 'cancelled', cancelledBy: 'admin', disputeId: null });
    expect(eventTypes(after)).toEqual(expect.arrayContaining(['cancelled', 'dispute_decided']));
    expect(after.events.find((e) => e.type === 'dispute_decided')!.summary).toBe(
      'Dispute decided: Full refund to the creator (₹5,999)',
    );
    expect(await refundJobsFinished(server, order._id)).toHaveLength(1);
    const back = await settledRefunds(api, admin, gateway(order), 6999);
    expect(back.refunds.map((r) => r.amount).sort((a, b) => a - b)).toEqual([1000, 5999]);
    expect(back.remainingAmount).toBe(0);
    expect(await lostOf(p.editor)).toBe(1);
    expect((await trackRecordOf(api, p.editor)).disputesLost).toBe(1);
  });

  it('partial refund on a delivered order: completed, its newest delivery approved and released, exactly the amount back', async () => {
    const p = await pair();
    const { order, deliveryId: first } = await paidDelivered(api, server, p);
    await requestChanges(api, p.creator, first);
    const second = await deliver(api, p.editor, p.roomId, order._id);
    const d = await withAdmins(p, order._id);
    const decided = await decide(api, admin, d._id, 'partial_refund', 2500);
    expect(decided.decision).toMatchObject({ kind: 'partial_refund', amount: 2500 });

    const after = await adminDetail(api, admin, order._id);
    expect(after.data).toMatchObject({ status: 'completed', disputeId: null });
    expect(eventTypes(after)).toEqual(expect.arrayContaining(['completed_by_decision', 'dispute_decided']));
    const cuts = await listDeliveries(api, p.creator, p.roomId);
    expect(cuts.find((c) => c._id === first)!.status).toBe('changes_requested');
    expect(cuts.find((c) => c._id === second._id)).toMatchObject({ status: 'approved', canDownload: true });
    expect(await refundJobsFinished(server, order._id)).toHaveLength(1);
    const back = await settledRefunds(api, admin, gateway(order), 2500);
    expect(back.refunds.map((r) => r.amount)).toEqual([2500]);
    expect(back.remainingAmount).toBe(4499);
    expect(await lostOf(p.editor)).toBe(1);
    expect((await trackRecordOf(api, p.editor)).disputesLost).toBe(1);
    // Completed and paid: it counts as the editor's completed work too.
    expect((await trackRecordOf(api, p.editor)).completedOrders).toBe(1);
  });

  it('partial refund on work in progress with nothing delivered: cancelled, with exactly that refund', async () => {
    const p = await pair();
    const order = await paidOrder(api, server, p);
    const d = await withAdmins(p, order._id);
    await decide(api, admin, d._id, 'partial_refund', 2000);
    const after = await adminDetail(api, admin, order._id);
    expect(after.data).toMatchObject({ status: 'cancelled', cancelledBy: 'admin', disputeId: null });
    expect(eventTypes(after)).not.toContain('completed_by_decision');
    expect(await refundJobsFinished(server, order._id)).toHaveLength(1);
    const back = await settledRefunds(api, admin, gateway(order), 2000);
    expect(back.remainingAmount).toBe(4999);
    // Nothing more later.
    await new Promise((r) => setTimeout(r, 1000));
    expect((await refundsOf(api, admin, gateway(order))).refundedAmount).toBe(2000);
    expect(await lostOf(p.editor)).toBe(1);
  });

  it('partial refund on a completed order: it stays completed and exactly the amount goes back', async () => {
    const p = await pair();
    const { order, deliveryId } = await paidDelivered(api, server, p);
    await api.post(`/api/deliveries/${deliveryId}/approve`, {}, { token: p.creator.token });
    const completedAt = (await orderRow(server, order._id)).completedAt;
    const d = await withAdmins(p, order._id);
    await decide(api, admin, d._id, 'partial_refund', 999);
    const row = await orderRow(server, order._id);
    expect(row).toMatchObject({ status: 'completed', disputeId: null, completedAt });
    await settledRefunds(api, admin, gateway(order), 999);
    expect(await lostOf(p.editor)).toBe(1);
    await decidedIsFinal(p, order._id);
  });

  it('release: completed, the delivery approved, nothing refunded, and the editor has lost nothing', async () => {
    const p = await pair();
    const { order, deliveryId } = await paidDelivered(api, server, p);
    const d = await withAdmins(p, order._id);
    await decide(api, admin, d._id, 'release');
    const after = await adminDetail(api, admin, order._id);
    expect(after.data).toMatchObject({ status: 'completed', disputeId: null });
    const cut = (await listDeliveries(api, p.creator, p.roomId)).find((c) => c._id === deliveryId)!;
    expect(cut).toMatchObject({ status: 'approved', canDownload: true });
    await nothingRefunded(order);
    expect(await lostOf(p.editor)).toBe(0);
    expect((await trackRecordOf(api, p.editor)).disputesLost).toBe(0);
    // The share is the editor's, clearing as any completed order's does (no longer held).
    expect(await earningsRow(server, order._id)).toMatchObject({ heldAt: null, refundedPaise: 0 });
    await decidedIsFinal(p, order._id);
  });

  it('cancel without refund: cancelled, nothing refunded, not counted against the editor; refused on completed work', async () => {
    const p = await pair();
    const order = await paidOrder(api, server, p);
    const d = await withAdmins(p, order._id);
    await decide(api, admin, d._id, 'cancel_no_refund');
    expect(await orderRow(server, order._id)).toMatchObject({ status: 'cancelled', disputeId: null });
    await nothingRefunded(order);
    expect(await lostOf(p.editor)).toBe(0);

    const { order: done, deliveryId } = await paidDelivered(api, server, p);
    await api.post(`/api/deliveries/${deliveryId}/approve`, {}, { token: p.creator.token });
    const d2 = await withAdmins(p, done._id);
    const before = await adminDetail(api, admin, done._id);
    const res = await api.post(
      `/api/admin/disputes/${d2._id}/decide`,
      { decision: 'cancel_no_refund', note: NOTE },
      { token: admin.token },
    );
    expect([res.status, res.body.message]).toEqual([409, DISPUTE_MESSAGES.completedNotCancelled]);
    const after = await adminDetail(api, admin, done._id);
    expect(after.data).toEqual(before.data);
    expect(after.events).toHaveLength(before.events.length);
    expect((await disputeAs(api, admin, d2._id)).status).toBe('with_admins');
  });

  it('a refund never exceeds what was paid: a larger partial refund is refused, nothing moves', async () => {
    const p = await pair();
    const { order } = await paidDelivered(api, server, p);
    await adminRefund(order, 3000);
    const d = await withAdmins(p, order._id);
    const before = await adminDetail(api, admin, order._id);
    for (const amount of [4000, 6999, 1_000_000]) {
      const res = await api.post(
        `/api/admin/disputes/${d._id}/decide`,
        { decision: 'partial_refund', amount, note: NOTE },
        { token: admin.token },
      );
      expect([amount, res.status, res.body.message]).toEqual([
        amount,
        409,
        DISPUTE_MESSAGES.refundTooLarge('₹3,999'),
      ]);
    }
    const after = await adminDetail(api, admin, order._id);
    expect(after.data).toEqual(before.data);
    expect(after.events).toHaveLength(before.events.length);
    expect((await disputeAs(api, admin, d._id)).status).toBe('with_admins');
    expect(await refundJobsOf(server, order._id)).toEqual([]);
    expect((await refundsOf(api, admin, gateway(order))).refundedAmount).toBe(3000);

    // Unpaid work (pay on approval): nothing was paid, so no partial refund at all.
    const offer = await sendOffer(api, p.editor, p.roomId);
    await acceptOffer(api, p.creator, offer._id, false);
    const unpaid = await withAdmins(p, offer._id);
    const res = await api.post(
      `/api/admin/disputes/${unpaid._id}/decide`,
      { decision: 'partial_refund', amount: 1, note: NOTE },
      { token: admin.token },
    );
    expect([res.status, res.body.message]).toEqual([409, DISPUTE_MESSAGES.refundTooLarge('₹0')]);
    // A full refund of unpaid work cancels it, and refunds nothing.
    await decide(api, admin, unpaid._id, 'full_refund');
    expect((await orderRow(server, offer._id)).status).toBe('cancelled');
    expect(await refundJobsOf(server, offer._id)).toEqual([]);
  });

  it('the track record counts only decisions against the editor, once per order, in the public record', async () => {
    const p = await pair();
    const outcomes: [string, number | undefined, number][] = [
      ['release', undefined, 0],
      ['partial_refund', 100, 1],
      ['cancel_no_refund', undefined, 1],
      ['full_refund', undefined, 2],
    ];
    for (const [decision, amount, lost] of outcomes) {
      const order = await paidOrder(api, server, p);
      const d = await withAdmins(p, order._id);
      await decide(api, admin, d._id, decision, amount);
      expect([decision, await lostOf(p.editor)]).toEqual([decision, lost]);
      expect([decision, (await trackRecordOf(api, p.editor)).disputesLost]).toEqual([decision, lost]);
    }
    // Withdrawn and settled disputes are not lost.
    const order = await paidOrder(api, server, p);
    const d = await openDispute(api, p.creator, order._id);
    await disputeStep(api, p.creator, d._id, 'withdraw');
    expect(await lostOf(p.editor)).toBe(2);
  });

  describe('settled by the two sides: the dispute is settled, the order unfrozen, nothing decided', () => {
    async function expectSettled(orderId: string, d: Dispute, editor: TestUser) {
      const after = await adminDetail(api, admin, orderId);
      expect(after.data.disputeId).toBeNull();
      expect(eventTypes(after).filter((t) => t === 'dispute_settled')).toHaveLength(1);
      const settled = await disputeAs(api, admin, d._id);
      expect(settled).toMatchObject({ status: 'settled', decision: null, actions: [] });
      expect(settled.closedAt).not.toBeNull();
      expect((await earningsRow(server, orderId))?.heldAt ?? null).toBeNull();
      expect(await lostOf(editor)).toBe(0);
      // Settled: too late for admins to decide it.
      const res = await api.post(
        `/api/admin/disputes/${d._id}/decide`,
        { decision: 'full_refund', note: NOTE },
        { token: admin.token },
      );
      expect([res.status, res.body.message]).toEqual([409, DISPUTE_MESSAGES.notWithAdmins]);
      return after;
    }

    it('more time, accepted by the creator: the order goes on in progress with its new date', async () => {
      const p = await pair();
      const order = await paidOrder(api, server, p);
      const d = await openDispute(api, p.creator, order._id, { reason: 'late' });
      await step(api, p.editor, `/api/orders/${order._id}/extension`, { days: 2, reason: 'Unwell, sorry' });
      await step(api, p.creator, `/api/orders/${order._id}/extension/accept`);
      const after = await expectSettled(order._id, d, p.editor);
      expect(after.data.status).toBe('in_progress');
    });

    it('a settlement accepted, even with admins: completed at the agreed amount, the rest refunded once', async () => {
      const p = await pair();
      const { order } = await paidDelivered(api, server, p);
      const d = await withAdmins(p, order._id);
      await propose(api, p.editor, order._id, 4000, 'Only the first half is usable');
      await step(api, p.creator, `/api/orders/${order._id}/settlement/accept`);
      const after = await expectSettled(order._id, d, p.editor);
      expect(after.data.status).toBe('completed');
      expect(await refundJobsFinished(server, order._id)).toHaveLength(1);
      expect((await settledRefunds(api, admin, gateway(order), 2999)).remainingAmount).toBe(4000);
    });

    it('a cancellation both agree to: cancelled with a full refund', async () => {
      const p = await pair();
      const order = await paidOrder(api, server, p);
      const d = await openDispute(api, p.editor, order._id, { reason: 'no_response' });
      await step(api, p.creator, `/api/orders/${order._id}/cancellation`, { reason: 'Let us stop here' });
      await step(api, p.editor, `/api/orders/${order._id}/cancellation/accept`);
      const after = await expectSettled(order._id, d, p.editor);
      expect(after.data.status).toBe('cancelled');
      await settledRefunds(api, admin, gateway(order), 6999);
    });

    it('the creator approves the delivery: completed, nothing refunded', async () => {
      const p = await pair();
      const { order, deliveryId } = await paidDelivered(api, server, p);
      const d = await openDispute(api, p.creator, order._id, { reason: 'quality' });
      await disputeStep(api, p.editor, d._id, 'answer');
      const res = await api.post(`/api/deliveries/${deliveryId}/approve`, {}, { token: p.creator.token });
      expect(res.status).toBe(200);
      const after = await expectSettled(order._id, d, p.editor);
      expect(after.data.status).toBe('completed');
      await nothingRefunded(order);
    });

    it('the creator cancels work past its due date: cancelled with a full refund', async () => {
      const p = await pair();
      const order = await paidOrder(api, server, p);
      const d = await openDispute(api, p.creator, order._id, { reason: 'late' });
      await server.db
        .update(orders)
        .set({ dueAt: new Date(Date.now() - 3_600_000), lateAt: new Date() })
        .where(eq(orders.id, order._id));
      expect((await orderAs(api, p.creator, order._id)).actions).toContain('cancel');
      await step(api, p.creator, `/api/orders/${order._id}/cancel`, { reason: 'Too late for the event' });
      const after = await expectSettled(order._id, d, p.editor);
      expect(after.data.status).toBe('cancelled');
      await eventually(async () => (await refundsOf(api, admin, gateway(order))).refundedAmount === 6999);
    });
  });
});
