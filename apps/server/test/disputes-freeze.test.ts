import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, orderEarnings, orders } from '../src/db/schema';
import { orderKernel } from '../src/modules/orders/context';
import { autoComplete, warnAutoComplete } from '../src/modules/orders/deadlines';
import { formatLineTime } from '../src/modules/orders/shape';
import { ORDER_JOBS } from '../src/modules/orders/job-kinds';
import type { OrderKernel } from '../src/modules/orders/kernel';
import { clearOrder } from '../src/modules/payouts/earnings';
import { PAYOUT_JOBS } from '../src/modules/payouts/jobs';
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
  sendOffer,
  startPayment,
} from './orders/fixtures';
import { paidDelivered, paidOrder, type Pair } from './orders/settlement-fixtures';
import { disputeStep, earningsRow, openDispute, orderRow } from './disputes/fixtures';

const HOUR = 3_600_000;

/**
 * Opening a dispute freezes its order (issue 26): a delivery nobody reviews does not complete it, and the
 * editor's share does not clear; when the dispute ends, a delivered order gets a whole auto-complete
 * period again and a share whose clearing date passed meanwhile clears. The order's jobs run through the
 * server's own orders kernel (and, where it matters, through the job runner itself); the payouts' clearing
 * as its job does, in a transaction of its own. Time only moves by writing a date into the past.
 */
describe('a dispute freezes its order', { timeout: 120_000 }, () => {
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

  async function pair(): Promise<Pair> {
    const [creator, editor] = await Promise.all([
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor'),
    ]);
    return { creator, editor, roomId: await openRoom(api, creator, editor) };
  }
  const pastAutoComplete = (orderId: string) =>
    server.db
      .update(orders)
      .set({ autoCompleteAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, orderId));
  const jobsOf = async (kind: string, key: 'orderId', id: string) =>
    (await server.db.select().from(jobs).where(eq(jobs.kind, kind)))
      .filter((j) => j.payload[key] === id)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  /** Runs the queued jobs of `kind` for the order now, through the server's job runner. */
  async function runQueued(kind: string, orderId: string) {
    const queued = (await jobsOf(kind, 'orderId', orderId)).filter((j) => j.status === 'queued');
    expect(queued.length).toBeGreaterThan(0);
    for (const job of queued) {
      await server.db.update(jobs).set({ runAfter: new Date() }).where(eq(jobs.id, job.id));
    }
    server.app.jobs.wake();
    await eventually(async () => {
      const rows = await jobsOf(kind, 'orderId', orderId);
      return queued.every((q) => rows.find((r) => r.id === q.id)?.status === 'done');
    }, 15_000);
  }
  const balances = async (editor: TestUser) =>
    (await api.get('/api/earnings', { token: editor.token })).body.balances as {
      pending: number;
      available: number;
    };

  it('a delivery nobody reviewed does not complete a disputed order, by the job runner or the kernel, and no reminder says it will', async () => {
    const p = await pair();
    const { order, deliveryId } = await paidDelivered(api, server, p);
    const d = await openDispute(api, p.creator, order._id);
    await pastAutoComplete(order._id);
    const before = await adminDetail(api, admin, order._id);

    await runQueued(ORDER_JOBS.autoComplete, order._id);
    await autoComplete(k, order._id);
    const at = (await orderRow(server, order._id)).autoCompleteAt!.toISOString();
    await warnAutoComplete(k, order._id, at);

    const after = await adminDetail(api, admin, order._id);
    expect(after.data).toMatchObject({ status: 'delivered', disputeId: d._id });
    expect(after.events).toHaveLength(before.events.length);
    const cut = (await listDeliveries(api, p.creator, p.roomId)).find((x) => x._id === deliveryId)!;
    expect(cut.status).toBe('sent');
    const lines = await systemLines(api, p.creator, p.roomId);
    expect(lines.filter((l) => l.includes('completes automatically'))).toEqual([]);
    expect(lines.filter((l) => l.includes('completed automatically'))).toEqual([]);
  });

  it('a delivery sent while the order is disputed does not complete it by itself either', async () => {
    const p = await pair();
    const order = await paidOrder(api, server, p);
    await openDispute(api, p.editor, order._id, { reason: 'no_response' });
    await deliver(api, p.editor, p.roomId, order._id);
    expect((await orderAs(api, p.creator, order._id)).status).toBe('delivered');
    await pastAutoComplete(order._id);
    await runQueued(ORDER_JOBS.autoComplete, order._id);
    const at = (await orderRow(server, order._id)).autoCompleteAt!.toISOString();
    await warnAutoComplete(k, order._id, at);
    const after = await adminDetail(api, admin, order._id);
    expect(after.data.status).toBe('delivered');
    expect(eventTypes(after)).not.toContain('auto_completed');
    expect(eventTypes(after)).not.toContain('auto_complete_warning');
  });

  it('a cancellation nobody answers does not cancel a disputed order: it lapses, nothing is refunded, the dispute stays open', async () => {
    const p = await pair();
    const { order } = await paidDelivered(api, server, p);
    const d = await openDispute(api, p.creator, order._id);
    const asked = await api.post(
      `/api/orders/${order._id}/cancellation`,
      { reason: 'Refund me before support decides' },
      { token: p.creator.token },
    );
    expect(asked.status).toBe(200);
    // Said so from the start: the line in the chat, and the editor's bell.
    expect(await systemLines(api, p.editor, p.roomId)).toContain(
      `The creator proposed cancelling order ${order.reference}: "Refund me before support decides". The order is disputed: if the editor does not answer by ${formatLineTime(new Date(asked.body.data.cancellation.respondBy))}, the request lapses.`,
    );
    // The bell's notice is written once the request has committed: waited for.
    const notice = await eventually(async () => {
      const bell = await api.get('/api/notifications?limit=100', { token: p.editor.token });
      return (bell.body.data as { kind: string; body: string }[]).find(
        (n) => n.kind === 'cancellation_requested',
      );
    });
    expect(notice?.body).toMatch(/; unanswered, the request lapses while the dispute is open$/);
    await server.db
      .update(orders)
      .set({ cancellationRespondBy: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, order._id));
    await runQueued(ORDER_JOBS.cancellationTimeout, order._id);

    const after = await adminDetail(api, admin, order._id);
    expect(after.data).toMatchObject({ status: 'delivered', disputeId: d._id, cancellation: null });
    expect(eventTypes(after)).toContain('cancellation_lapsed');
    expect(eventTypes(after)).not.toContain('cancelled');
    expect((await disputeStep(api, p.editor, d._id, 'answer')).status).toBe('answered');
    expect(await jobsOf(ORDER_JOBS.refund, 'orderId', order._id)).toEqual([]);
    const lapsed = `The request to cancel order ${order.reference} was not answered in time and lapsed: while the dispute is open, the order is cancelled only if both sides agree or Cutroom support decides so.`;
    expect(await systemLines(api, p.editor, p.roomId)).toContain(lapsed);
  });

  it('when the dispute ends, a delivered order gets a whole new period: its date, its reminder and its job', async () => {
    const p = await pair();
    const { order } = await paidDelivered(api, server, p);
    const d = await openDispute(api, p.editor, order._id, { reason: 'payment' });
    await pastAutoComplete(order._id);
    await autoComplete(k, order._id);
    const jobsBefore = await jobsOf(ORDER_JOBS.autoComplete, 'orderId', order._id);
    const warningsBefore = await jobsOf(ORDER_JOBS.autoCompleteWarning, 'orderId', order._id);

    const ended = Date.now();
    await disputeStep(api, p.editor, d._id, 'withdraw');
    const row = await orderRow(server, order._id);
    expect(row.disputeId).toBeNull();
    const due = row.autoCompleteAt!.getTime();
    // ORDER_AUTO_COMPLETE_HOURS (72) from the end of the dispute.
    expect(due - ended).toBeGreaterThanOrEqual(72 * HOUR - 1000);
    expect(due - Date.now()).toBeLessThanOrEqual(72 * HOUR);

    const [job] = (await jobsOf(ORDER_JOBS.autoComplete, 'orderId', order._id)).slice(jobsBefore.length);
    expect(job).toMatchObject({ status: 'queued' });
    expect(Math.abs(job!.runAfter.getTime() - due)).toBeLessThan(1000);
    const [warning] = (await jobsOf(ORDER_JOBS.autoCompleteWarning, 'orderId', order._id)).slice(
      warningsBefore.length,
    );
    expect(warning?.payload).toEqual({ orderId: order._id, at: row.autoCompleteAt!.toISOString() });
    // ORDER_AUTO_COMPLETE_WARNING_HOURS (24) before it.
    expect(Math.abs(warning!.runAfter.getTime() - (due - 24 * HOUR))).toBeLessThan(1000);

    // Not due yet: nothing happens; once due, it completes as any unreviewed delivery does.
    await autoComplete(k, order._id);
    expect((await orderAs(api, p.creator, order._id)).status).toBe('delivered');
    await pastAutoComplete(order._id);
    await autoComplete(k, order._id);
    const done = await adminDetail(api, admin, order._id);
    expect(done.data.status).toBe('completed');
    expect(eventTypes(done).filter((t) => t === 'auto_completed')).toHaveLength(1);
  });

  it('the share of a disputed completed order does not clear while held, and clears once the dispute ends when its date has passed', async () => {
    const p = await pair();
    const { order, deliveryId } = await paidDelivered(api, server, p, { amount: 5000 });
    expect(
      (await api.post(`/api/deliveries/${deliveryId}/approve`, {}, { token: p.creator.token })).status,
    ).toBe(200);
    const closed = await earningsRow(server, order._id);
    expect(closed).toMatchObject({ heldAt: null, clearedAt: null });
    expect(closed!.clearsAt!.getTime()).toBeGreaterThan(Date.now());

    const d = await openDispute(api, p.creator, order._id, { reason: 'quality' });
    expect((await earningsRow(server, order._id))!.heldAt).not.toBeNull();

    // Its clearing date passes while held: neither the clearing job nor a direct clearing moves it.
    await server.db
      .update(orderEarnings)
      .set({ clearsAt: new Date(Date.now() - 60_000) })
      .where(eq(orderEarnings.orderId, order._id));
    await runQueued(PAYOUT_JOBS.clear, order._id);
    expect(await server.db.transaction((tx) => clearOrder(tx, order._id))).toBe(false);
    expect((await earningsRow(server, order._id))!.clearedAt).toBeNull();
    expect(await balances(p.editor)).toMatchObject({ pending: 4000, available: 0 });

    // The dispute ends: the hold goes and the share clears by itself (its date has passed).
    await disputeStep(api, p.creator, d._id, 'withdraw');
    expect((await earningsRow(server, order._id))!.heldAt).toBeNull();
    const cleared = await eventually(async () => {
      const row = await earningsRow(server, order._id);
      return row?.clearedAt ? row : null;
    }, 15_000);
    expect(cleared.heldAt).toBeNull();
    expect(await balances(p.editor)).toMatchObject({ pending: 0, available: 4000 });
  });

  it('a dispute that ends before the clearing date: the share clears on its date, not before', async () => {
    const p = await pair();
    const { order, deliveryId } = await paidDelivered(api, server, p, { amount: 2000 });
    await api.post(`/api/deliveries/${deliveryId}/approve`, {}, { token: p.creator.token });
    const d = await openDispute(api, p.editor, order._id, { reason: 'payment' });
    const clearJobs = (await jobsOf(PAYOUT_JOBS.clear, 'orderId', order._id)).length;
    await disputeStep(api, p.editor, d._id, 'withdraw');
    const row = (await earningsRow(server, order._id))!;
    expect(row).toMatchObject({ heldAt: null, clearedAt: null });
    // No early clearing is queued: the clearing job of the completion still waits for its date.
    expect(await jobsOf(PAYOUT_JOBS.clear, 'orderId', order._id)).toHaveLength(clearJobs);
    expect(await server.db.transaction((tx) => clearOrder(tx, order._id))).toBe(false);
    await server.db
      .update(orderEarnings)
      .set({ clearsAt: new Date(Date.now() - 1000) })
      .where(eq(orderEarnings.orderId, order._id));
    expect(await server.db.transaction((tx) => clearOrder(tx, order._id))).toBe(true);
  });

  it('work in progress is held from the opening; paid while disputed, it is held from the payment', async () => {
    const p = await pair();
    const order = await paidOrder(api, server, p, { amount: 3000 });
    expect((await earningsRow(server, order._id))!.heldAt).toBeNull();
    await openDispute(api, p.creator, order._id, { reason: 'late' });
    expect((await earningsRow(server, order._id))!.heldAt).not.toBeNull();

    // Pay on approval: the editor disputes unpaid work, then the creator pays for it.
    const offer = await sendOffer(api, p.editor, p.roomId, { amount: 2500 });
    await acceptOffer(api, p.creator, offer._id, false);
    const unpaid = await openDispute(api, p.editor, offer._id, { reason: 'payment' });
    expect(await earningsRow(server, offer._id)).toBeNull();
    const pay = await startPayment(api, p.creator, offer._id);
    expect(await checkout(server, pay.paymentSessionId)).toBe(303);
    const held = await eventually(() => earningsRow(server, offer._id));
    expect(held.heldAt).not.toBeNull();
    expect((await orderRow(server, offer._id)).disputeId).toBe(unpaid._id);
    const [earning] = await server.db
      .select()
      .from(orderEarnings)
      .where(and(eq(orderEarnings.orderId, offer._id)));
    expect(earning!.grossPaise).toBe(250_000);
  });
});
