import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPUTE_MESSAGES, ORDER_MESSAGES } from '@cutroom/contracts';
import { disputes, orderEarnings, orders, payoutLedger } from '../src/db/schema';
import { orderKernel } from '../src/modules/orders/context';
import { autoComplete } from '../src/modules/orders/deadlines';
import type { OrderKernel } from '../src/modules/orders/kernel';
import { clearOrder } from '../src/modules/payouts/earnings';
import { listDeliveries } from './delivery-fixtures';
import type { ApiReply } from './helpers/http';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { adminDetail, eventTypes, openRoom, refundsOf } from './orders/fixtures';
import {
  finishedRefunds,
  paidDelivered,
  paidOrder,
  propose,
  refundJobsFinished,
  refundJobsOf,
  type Pair,
} from './orders/settlement-fixtures';
import { expectLedgerBalanced } from './payouts/fixtures';
import {
  ANSWER,
  NOTE,
  STATEMENT,
  deadlineJob,
  disputeAs,
  disputeStep,
  earningsRow,
  openDispute,
  pastRespondBy,
} from './disputes/fixtures';

const na = ORDER_MESSAGES.notAllowed;
const ROUNDS = 3;

/**
 * Two things happening to a dispute at the same moment, on PGlite (transactions take turns) and on
 * PostgreSQL with TEST_DATABASE_URL (a pool: they overlap, and the order's row lock, the dispute's row
 * lock and conditional UPDATEs decide). Exactly one outcome wins; money leaves once, never more than was
 * paid; a decision is carried out once.
 */
describe('disputes: races', { timeout: 240_000 }, () => {
  let server: TestServer;
  let api: ApiClient;
  let k: OrderKernel;
  let admin: TestUser;
  let admin2: TestUser;
  let p: Pair;
  let runDeadline: (id: string) => Promise<void>;

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    k = orderKernel(server.app);
    runDeadline = deadlineJob(server);
    const [creator, editor] = await Promise.all([
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor'),
    ]);
    [admin, admin2] = await Promise.all([
      createTestUser(server.db, 'admin'),
      createTestUser(server.db, 'admin'),
    ]);
    p = { creator, editor, roomId: await openRoom(api, creator, editor) };
  });
  afterAll(() => server?.close());

  const post = (who: TestUser, path: string, body: unknown = {}) =>
    api.post(path, body, { token: who.token });
  const refusal = (r: ApiReply) => [r.status, r.body?.message];
  const openBody = { reason: 'quality', statement: STATEMENT };
  const disputesOf = (orderId: string) =>
    server.db.select().from(disputes).where(eq(disputes.orderId, orderId));
  async function withAdmins(orderId: string) {
    const d = await openDispute(api, p.creator, orderId);
    await disputeStep(api, p.editor, d._id, 'answer');
    return disputeStep(api, p.creator, d._id, 'escalate');
  }

  it('two opens at once (both sides, or one side twice): one dispute, the other told one is open', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const order = await paidOrder(api, server, p);
      const path = `/api/orders/${order._id}/dispute`;
      const [a, b] = await Promise.all([
        post(p.creator, path, openBody),
        post(round % 2 ? p.creator : p.editor, path, openBody),
      ]);
      expect([a.status, b.status].sort()).toEqual([201, 409]);
      expect(refusal(a.status === 409 ? a : b)).toEqual([409, DISPUTE_MESSAGES.alreadyOpen]);
      const won = (a.status === 201 ? a : b).body.data._id as string;
      const rows = await disputesOf(order._id);
      expect(rows.map((r) => [r.id, r.status])).toEqual([[won, 'awaiting_response']]);
      const detail = await adminDetail(api, admin, order._id);
      expect(detail.data.disputeId).toBe(won);
      expect(eventTypes(detail).filter((t) => t === 'dispute_opened')).toHaveLength(1);
    }
  });

  it('a dispute vs auto-complete at its deadline: the dispute always opens, and the order ends frozen either way', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { order, deliveryId } = await paidDelivered(api, server, p);
      await server.db
        .update(orders)
        .set({ autoCompleteAt: new Date(Date.now() - 60_000) })
        .where(eq(orders.id, order._id));
      const [opened] = await Promise.all([
        post(p.creator, `/api/orders/${order._id}/dispute`, openBody),
        autoComplete(k, order._id),
      ]);
      // Completed a moment before, it is still within its dispute window: the dispute opens on it.
      expect(opened.status).toBe(201);
      const detail = await adminDetail(api, admin, order._id);
      expect(detail.data.disputeId).toBe(opened.body.data._id);
      const completions = eventTypes(detail).filter((t) => t === 'auto_completed');
      const cut = (await listDeliveries(api, p.creator, p.roomId)).find((c) => c._id === deliveryId)!;
      if (detail.data.status === 'completed') {
        expect(completions).toHaveLength(1);
        expect(cut.status).toBe('approved');
        // Completed, then disputed: its share is held.
        expect((await earningsRow(server, order._id))!.heldAt).not.toBeNull();
      } else {
        expect(detail.data.status).toBe('delivered');
        expect(completions).toHaveLength(0);
        expect(cut.status).toBe('sent');
      }
      // The job again (a retry) changes nothing.
      await autoComplete(k, order._id);
      expect((await adminDetail(api, admin, order._id)).events).toHaveLength(detail.events.length);
    }
  });

  it('an admin decision vs a settlement the sides accept: one result, refunds never above what was paid', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { order } = await paidDelivered(api, server, p);
      const d = await withAdmins(order._id);
      await propose(api, p.editor, order._id, 4000, 'Only the first half is usable');
      const full = round % 2 === 0;
      const [accept, decided] = await Promise.all([
        post(p.creator, `/api/orders/${order._id}/settlement/accept`),
        post(admin, `/api/admin/disputes/${d._id}/decide`, {
          decision: full ? 'full_refund' : 'partial_refund',
          ...(full ? {} : { amount: 2500 }),
          note: NOTE,
        }),
      ]);
      const detail = await adminDetail(api, admin, order._id);
      const types = eventTypes(detail);
      const dispute = await disputeAs(api, admin, d._id);
      expect(detail.data.disputeId).toBeNull();
      if (accept.status === 200) {
        expect(refusal(decided)).toEqual([409, DISPUTE_MESSAGES.notWithAdmins]);
        expect(dispute.status).toBe('settled');
        expect(types.filter((t) => t === 'settled')).toHaveLength(1);
        expect(types).not.toContain('dispute_decided');
        expect(detail.data.status).toBe('completed');
      } else {
        expect(decided.status).toBe(200);
        expect(refusal(accept)).toEqual([
          409,
          na('accept the settlement of', full ? 'cancelled' : 'completed'),
        ]);
        expect(dispute.status).toBe('decided');
        expect(types.filter((t) => t === 'dispute_decided')).toHaveLength(1);
        expect(types).not.toContain('settled');
      }
      const expected = accept.status === 200 ? 2999 : full ? 6999 : 2500;
      expect(await refundJobsFinished(server, order._id)).toHaveLength(1);
      const back = await finishedRefunds(api, admin, order.paymentOrderId!);
      expect(back.refundedAmount).toBe(expected);
      expect(back.refundedAmount).toBeLessThanOrEqual(6999);
      await new Promise((r) => setTimeout(r, 500));
      expect((await refundsOf(api, admin, order.paymentOrderId!)).refundedAmount).toBe(expected);
    }
  });

  it('decide twice at once (two admins): one decision, carried out once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { order } = await paidDelivered(api, server, p);
      const d = await withAdmins(order._id);
      const path = `/api/admin/disputes/${d._id}/decide`;
      const [a, b] = await Promise.all([
        post(admin, path, { decision: 'partial_refund', amount: 1000, note: NOTE }),
        post(admin2, path, { decision: 'partial_refund', amount: 3000, note: NOTE }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      expect(refusal(a.status === 409 ? a : b)).toEqual([409, DISPUTE_MESSAGES.notWithAdmins]);
      const amount = a.status === 200 ? 1000 : 3000;
      const detail = await adminDetail(api, admin, order._id);
      expect(eventTypes(detail).filter((t) => t === 'dispute_decided')).toHaveLength(1);
      expect(eventTypes(detail).filter((t) => t === 'completed_by_decision')).toHaveLength(1);
      expect((await disputeAs(api, admin, d._id)).decision).toMatchObject({ amount });
      expect(await refundJobsFinished(server, order._id)).toHaveLength(1);
      const back = await finishedRefunds(api, admin, order.paymentOrderId!);
      expect(back.refunds.map((r) => r.amount)).toEqual([amount]);
      expect(back.remainingAmount).toBe(6999 - amount);
    }
  });

  it("a dispute opened vs the editor's share clearing: held and not cleared, or cleared and not held", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { order, deliveryId } = await paidDelivered(api, server, p, { amount: 3000 });
      expect((await post(p.creator, `/api/deliveries/${deliveryId}/approve`)).status).toBe(200);
      await server.db
        .update(orderEarnings)
        .set({ clearsAt: new Date(Date.now() - 60_000) })
        .where(eq(orderEarnings.orderId, order._id));
      const [opened, cleared] = await Promise.all([
        post(p.creator, `/api/orders/${order._id}/dispute`, openBody),
        server.db.transaction((tx) => clearOrder(tx, order._id)),
      ]);
      expect(opened.status).toBe(201);
      const row = (await earningsRow(server, order._id))!;
      const clearing = (
        await server.db.select().from(payoutLedger).where(eq(payoutLedger.orderId, order._id))
      ).filter((l) => l.kind === 'clearing');
      if (cleared) {
        expect(row.clearedAt).not.toBeNull();
        expect(row.heldAt).toBeNull();
        expect(clearing.length).toBeGreaterThan(0);
      } else {
        expect(row.clearedAt).toBeNull();
        expect(row.heldAt).not.toBeNull();
        expect(clearing).toEqual([]);
        // Held: clearing again does nothing until the dispute ends.
        expect(await server.db.transaction((tx) => clearOrder(tx, order._id))).toBe(false);
      }
      await expectLedgerBalanced(server);
    }
  });

  it('an answer vs the response-deadline job: with admins once either way, the answer kept only if it was taken', async () => {
    // Cheap rounds, and the overlap is narrow: more of them.
    for (let round = 0; round < 3 * ROUNDS; round++) {
      const order = await paidOrder(api, server, p);
      const d = await openDispute(api, p.creator, order._id);
      await pastRespondBy(server, d._id);
      const [answer] = await Promise.all([
        post(p.editor, `/api/disputes/${d._id}/answer`, { statement: ANSWER }),
        runDeadline(d._id),
      ]);
      // The job again, as the deadline would (an answer taken first leaves it to the job).
      await runDeadline(d._id);
      const after = await disputeAs(api, admin, d._id);
      expect(after.status).toBe('with_admins');
      const detail = await adminDetail(api, admin, order._id);
      expect(eventTypes(detail).filter((t) => t === 'dispute_escalated')).toHaveLength(1);
      if (answer.status === 200) {
        expect(after.response).toMatchObject({ statement: ANSWER });
        expect(eventTypes(detail).filter((t) => t === 'dispute_answered')).toHaveLength(1);
      } else {
        expect(refusal(answer)).toEqual([409, DISPUTE_MESSAGES.withAdmins]);
        expect(after.response).toBeNull();
        expect(eventTypes(detail)).not.toContain('dispute_answered');
      }
      expect(await refundJobsOf(server, order._id)).toEqual([]);
    }
  });
});
