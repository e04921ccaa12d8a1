import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_MESSAGES, ORDER_MESSAGES } from '@cutroom/contracts';
import { orderKernel } from '../src/modules/orders/context';
import type { OrderKernel } from '../src/modules/orders/kernel';
import { settlementLapsed } from '../src/modules/orders/settlement';
import { listDeliveries } from './delivery-fixtures';
import type { ApiReply } from './helpers/http';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { adminDetail, eventTypes, openRoom, refundsOf } from './orders/fixtures';
import {
  finishedRefunds,
  paidDelivered,
  pastSettlementRespondBy,
  propose,
  proposedAtOf,
  refundJobsFinished,
  refundJobsOf,
  type Pair,
} from './orders/settlement-fixtures';

const na = ORDER_MESSAGES.notAllowed;
const ROUNDS = 3;

/**
 * Two things happening to a settlement at the same moment, on PGlite (transactions take turns) and on
 * PostgreSQL with TEST_DATABASE_URL (a pool: they overlap, and the order row lock and conditional
 * UPDATEs decide). Exactly one outcome wins; money leaves once, and never more than was paid.
 */
describe('settling for a different amount: races', { timeout: 120_000 }, () => {
  let server: TestServer;
  let api: ApiClient;
  let k: OrderKernel;
  let admin: TestUser;
  let p: Pair;

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    k = orderKernel(server.app);
    const [creator, editor] = await Promise.all([
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor'),
    ]);
    admin = await createTestUser(server.db, 'admin');
    p = { creator, editor, roomId: await openRoom(api, creator, editor) };
  });
  afterAll(() => server?.close());

  const post = (who: TestUser, path: string, body: unknown = {}) =>
    api.post(path, body, { token: who.token });
  const refusal = (r: ApiReply) => [r.status, r.body?.message];

  /** The settlement's refund went through exactly once, for the ₹2,999 above the ₹4,000 kept. */
  async function refundedOnce(orderId: string, gatewayOrderId: string) {
    const jobs = await refundJobsFinished(server, orderId);
    expect(jobs).toHaveLength(1);
    const back = await finishedRefunds(api, admin, gatewayOrderId);
    expect(back.refunds.map((r) => [r.amount, r.status])).toEqual([[2999, 'SUCCESS']]);
    expect(back.remainingAmount).toBe(4000);
  }
  async function nothingRefunded(orderId: string, gatewayOrderId: string) {
    expect(await refundJobsOf(server, orderId)).toEqual([]);
    expect((await refundsOf(api, admin, gatewayOrderId)).refunds).toEqual([]);
  }

  it('accept twice at once: one completes the order, the other is told it is completed; one refund', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { order } = await paidDelivered(api, server, p);
      await propose(api, p.editor, order._id, 4000);
      const path = `/api/orders/${order._id}/settlement/accept`;
      const replies = await Promise.all([post(p.creator, path), post(p.creator, path)]);
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(refusal(replies.find((r) => r.status === 409)!)).toEqual([
        409,
        na('accept the settlement of', 'completed'),
      ]);
      const detail = await adminDetail(api, admin, order._id);
      expect(detail.data.status).toBe('completed');
      expect(eventTypes(detail).filter((t) => t === 'settled')).toHaveLength(1);
      await refundedOnce(order._id, order.paymentOrderId!);
    }
  });

  it('both sides propose at once: one proposal stands, the other is told one is waiting', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { order } = await paidDelivered(api, server, p);
      const path = `/api/orders/${order._id}/settlement`;
      const [byCreator, byEditor] = await Promise.all([
        post(p.creator, path, { amount: 4000 }),
        post(p.editor, path, { amount: 5000 }),
      ]);
      expect([byCreator.status, byEditor.status].sort()).toEqual([200, 409]);
      const lost = byCreator.status === 409 ? byCreator : byEditor;
      expect(refusal(lost)).toEqual([409, ORDER_MESSAGES.settlementPending]);
      const detail = await adminDetail(api, admin, order._id);
      expect(eventTypes(detail).filter((t) => t === 'settlement_proposed')).toHaveLength(1);
      expect(detail.data.settlement).toMatchObject(
        byCreator.status === 200
          ? { proposedBy: 'creator', amount: 4000 }
          : { proposedBy: 'editor', amount: 5000 },
      );
    }
  });

  it('accept vs withdraw: either it completes (and refunds once) or it is withdrawn (and nothing moves)', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { order } = await paidDelivered(api, server, p);
      await propose(api, p.creator, order._id, 4000);
      const [accept, withdraw] = await Promise.all([
        post(p.editor, `/api/orders/${order._id}/settlement/accept`),
        post(p.creator, `/api/orders/${order._id}/settlement/withdraw`),
      ]);
      const detail = await adminDetail(api, admin, order._id);
      const outcomes = eventTypes(detail).filter((t) => t === 'settled' || t === 'settlement_withdrawn');
      expect(outcomes).toHaveLength(1);
      if (accept.status === 200) {
        expect(refusal(withdraw)).toEqual([409, na('withdraw the settlement of', 'completed')]);
        expect(detail.data.status).toBe('completed');
        await refundedOnce(order._id, order.paymentOrderId!);
      } else {
        expect(withdraw.status).toBe(200);
        expect(refusal(accept)).toEqual([409, ORDER_MESSAGES.noSettlement]);
        expect(detail.data).toMatchObject({ status: 'delivered', settlement: null });
        await nothingRefunded(order._id, order.paymentOrderId!);
      }
    }
  });

  it('accept vs decline from two tabs: one answer stands', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { order } = await paidDelivered(api, server, p);
      await propose(api, p.editor, order._id, 4000);
      const [accept, decline] = await Promise.all([
        post(p.creator, `/api/orders/${order._id}/settlement/accept`),
        post(p.creator, `/api/orders/${order._id}/settlement/decline`),
      ]);
      const detail = await adminDetail(api, admin, order._id);
      const outcomes = eventTypes(detail).filter((t) => t === 'settled' || t === 'settlement_declined');
      expect(outcomes).toHaveLength(1);
      if (accept.status === 200) {
        expect(refusal(decline)).toEqual([409, na('decline the settlement of', 'completed')]);
        await refundedOnce(order._id, order.paymentOrderId!);
      } else {
        expect(decline.status).toBe(200);
        expect(refusal(accept)).toEqual([409, ORDER_MESSAGES.noSettlement]);
        await nothingRefunded(order._id, order.paymentOrderId!);
      }
    }
  });

  it("accept vs an admin's cancel with a full refund: cancelled in the end, and exactly what was paid goes back", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { order } = await paidDelivered(api, server, p);
      await propose(api, p.editor, order._id, 4000);
      const [accept, cancel] = await Promise.all([
        post(p.creator, `/api/orders/${order._id}/settlement/accept`),
        post(admin, `/api/admin/orders/${order._id}/cancel`, { full: true, note: 'Resolved by support' }),
      ]);
      // Admins cancel completed orders too: whichever went first, the admin's cancel stands.
      expect({ status: cancel.status, message: cancel.body?.message }).toEqual({
        status: 200,
        message: undefined,
      });
      if (accept.status !== 200) {
        expect(refusal(accept)).toEqual([409, na('accept the settlement of', 'cancelled')]);
      }
      const detail = await adminDetail(api, admin, order._id);
      expect(detail.data).toMatchObject({ status: 'cancelled', settlement: null });
      expect(eventTypes(detail).filter((t) => t === 'cancelled')).toHaveLength(1);
      expect(eventTypes(detail).filter((t) => t === 'settled')).toHaveLength(accept.status === 200 ? 1 : 0);
      if (accept.status === 200) await refundJobsFinished(server, order._id);
      const back = await finishedRefunds(api, admin, order.paymentOrderId!);
      expect(back).toMatchObject({ amount: 6999, refundedAmount: 6999, remainingAmount: 0 });
      // Nothing more later (a settlement refund still on its way would be refused, not added).
      await new Promise((r) => setTimeout(r, 1500));
      expect((await refundsOf(api, admin, order.paymentOrderId!)).refundedAmount).toBe(6999);
    }
  });

  it("accept vs the creator's approval of the delivery: one completion; the delivery approved once", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { order, deliveryId } = await paidDelivered(api, server, p);
      await propose(api, p.editor, order._id, 4000);
      const [accept, approve] = await Promise.all([
        post(p.creator, `/api/orders/${order._id}/settlement/accept`),
        post(p.creator, `/api/deliveries/${deliveryId}/approve`),
      ]);
      const detail = await adminDetail(api, admin, order._id);
      expect(detail.data).toMatchObject({ status: 'completed', settlement: null });
      const completions = eventTypes(detail).filter((t) => t === 'settled' || t === 'completed');
      expect(completions).toHaveLength(1);
      const d = (await listDeliveries(api, p.creator, p.roomId)).find((x) => x._id === deliveryId)!;
      expect(d.status).toBe('approved');
      if (accept.status === 200) {
        expect(completions).toEqual(['settled']);
        expect(refusal(approve)).toEqual([409, DELIVERY_MESSAGES.alreadyDecided]);
        await refundedOnce(order._id, order.paymentOrderId!);
      } else {
        expect(completions).toEqual(['completed']);
        expect(approve.status).toBe(200);
        expect(refusal(accept)).toEqual([409, na('accept the settlement of', 'completed')]);
        await nothingRefunded(order._id, order.paymentOrderId!);
      }
    }
  });

  it('accept vs the lapse job at the deadline: accepted or lapsed, never both', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { order } = await paidDelivered(api, server, p);
      await propose(api, p.editor, order._id, 4000);
      const at = await proposedAtOf(server, order._id);
      await pastSettlementRespondBy(server, order._id);
      const [accept] = await Promise.all([
        post(p.creator, `/api/orders/${order._id}/settlement/accept`),
        settlementLapsed(k, order._id, at),
      ]);
      const detail = await adminDetail(api, admin, order._id);
      const outcomes = eventTypes(detail).filter((t) => t === 'settled' || t === 'settlement_lapsed');
      expect(outcomes).toHaveLength(1);
      if (accept.status === 200) {
        expect(outcomes).toEqual(['settled']);
        await refundedOnce(order._id, order.paymentOrderId!);
      } else {
        expect(outcomes).toEqual(['settlement_lapsed']);
        expect(refusal(accept)).toEqual([409, ORDER_MESSAGES.noSettlement]);
        expect(detail.data).toMatchObject({ status: 'delivered', settlement: null });
        await nothingRefunded(order._id, order.paymentOrderId!);
      }
      // The job again (a retry) changes nothing either way.
      await settlementLapsed(k, order._id, at);
      expect((await adminDetail(api, admin, order._id)).events).toHaveLength(detail.events.length);
    }
  });
});
