import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPUTE_MESSAGES, type AdminDisputePage, type Dispute } from '@cutroom/contracts';
import { disputes } from '../src/db/schema';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { openRoom } from './orders/fixtures';
import { paidDelivered, paidOrder, settledRefunds, type Pair } from './orders/settlement-fixtures';
import { caseFile, decide, disputeStep, openDispute } from './disputes/fixtures';

const HOUR = 3_600_000;

/**
 * The admins' queue of disputes (issue 26): open ones oldest first, closed ones newest first, paged, each
 * with its order's names and what remains paid, and an overdue mark on a dispute that has waited with
 * admins longer than DISPUTE_DECISION_HOURS. Its own server, so the queue holds only this file's disputes.
 */
describe("disputes: the admins' queue and case file", { timeout: 120_000 }, () => {
  let server: TestServer;
  let api: ApiClient;
  let admin: TestUser;
  let p: Pair;
  /** Oldest first: overdue with admins, waiting, answered, with admins recently, withdrawn, decided. */
  let d: Record<'overdue' | 'waiting' | 'answered' | 'recent' | 'withdrawn' | 'decided', Dispute>;

  beforeAll(async () => {
    server = await startTestServer({ DISPUTE_DECISION_HOURS: '72' });
    api = apiClient(server.url);
    const [creator, editor] = await Promise.all([
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor'),
    ]);
    admin = await createTestUser(server.db, 'admin');
    p = { creator, editor, roomId: await openRoom(api, creator, editor) };

    const open = async (amount: number) =>
      openDispute(api, p.creator, (await paidOrder(api, server, p, { amount }))._id, { reason: 'quality' });
    const toAdmins = async (x: Dispute) => {
      await disputeStep(api, p.editor, x._id, 'answer');
      return disputeStep(api, p.creator, x._id, 'escalate');
    };
    const overdue = await toAdmins(await open(5000));
    const waiting = await open(5100);
    const answered = await disputeStep(api, p.editor, (await open(5200))._id, 'answer');
    const recent = await toAdmins(await open(5300));
    const withdrawn = await disputeStep(api, p.creator, (await open(5400))._id, 'withdraw');
    const decided = await decide(api, admin, (await toAdmins(await open(5500)))._id, 'release');
    d = { overdue, waiting, answered, recent, withdrawn, decided };
    // With admins for 73 hours (and the other one for 71): past DISPUTE_DECISION_HOURS, and not yet.
    await server.db
      .update(disputes)
      .set({ escalatedAt: new Date(Date.now() - 73 * HOUR) })
      .where(eq(disputes.id, overdue._id));
    await server.db
      .update(disputes)
      .set({ escalatedAt: new Date(Date.now() - 71 * HOUR) })
      .where(eq(disputes.id, recent._id));
    // Waiting for an answer for days is the sides' time, not admins'. One clock reading for both, so the
    // overdue one is the older by exactly a millisecond however slowly the two writes run.
    const longAgo = Date.now() - 100 * HOUR;
    await server.db
      .update(disputes)
      .set({ createdAt: new Date(longAgo + 1) })
      .where(eq(disputes.id, waiting._id));
    await server.db
      .update(disputes)
      .set({ createdAt: new Date(longAgo) })
      .where(eq(disputes.id, overdue._id));
  });
  afterAll(() => server?.close());

  const queue = async (query = ''): Promise<AdminDisputePage> => {
    const res = await api.get(`/api/admin/disputes${query}`, { token: admin.token });
    expect(res.status).toBe(200);
    return res.body;
  };

  it('lists open disputes oldest first, with names, money and the overdue mark', async () => {
    const page = await queue();
    expect(page).toMatchObject({ page: 1, total: 4 });
    expect(page.data.map((r) => [r._id, r.status, r.overdue])).toEqual([
      [d.overdue._id, 'with_admins', true],
      [d.waiting._id, 'awaiting_response', false],
      [d.answered._id, 'answered', false],
      [d.recent._id, 'with_admins', false],
    ]);
    expect(page.data[0]).toMatchObject({
      creator: p.creator.username,
      editor: p.editor.username,
      orderTitle: 'Wedding teaser',
      paidAmount: 5000,
      actions: ['decide'],
      statement: expect.any(String),
      response: { statement: expect.any(String) },
    });
    expect(page.data[1]!.actions).toEqual([]);
  });

  it('pages the queue, and lists closed disputes newest first', async () => {
    const first = await queue('?limit=2');
    const second = await queue('?limit=2&page=2');
    const third = await queue('?limit=2&page=3');
    expect([first.total, second.total, third.total]).toEqual([4, 4, 4]);
    expect([...first.data, ...second.data].map((r) => r._id)).toEqual([
      d.overdue._id,
      d.waiting._id,
      d.answered._id,
      d.recent._id,
    ]);
    expect(third.data).toEqual([]);
    const closed = await queue('?status=closed');
    expect(closed.total).toBe(2);
    expect(closed.data.map((r) => [r._id, r.status, r.overdue])).toEqual([
      [d.decided._id, 'decided', false],
      [d.withdrawn._id, 'withdrawn', false],
    ]);
    expect(closed.data[0]!.decision).toMatchObject({ kind: 'release', label: 'Released to the editor' });
  });

  it('shows what remains paid after refunds, and reads any case file by id', async () => {
    const before = await caseFile(api, admin, d.recent._id);
    expect(before.paidAmount).toBe(5300);
    const order = await api.get(`/api/orders/${before.orderId}`, { token: admin.token });
    const gateway = order.body.data.paymentOrderId as string;
    const res = await api.post(
      `/api/payment/refund/${gateway}`,
      { refundAmount: 300, refundNote: 'Goodwill' },
      { token: admin.token },
    );
    expect(res.status).toBe(201);
    await settledRefunds(api, admin, gateway, 300);
    expect((await caseFile(api, admin, d.recent._id)).paidAmount).toBe(5000);
    // Closed ones too (the case file does not filter by the queue's status).
    expect(await caseFile(api, admin, d.withdrawn._id)).toMatchObject({
      status: 'withdrawn',
      overdue: false,
    });
  });
});

/**
 * The window and the sides' own list, on a server whose day lasts one second: a completed order may be
 * disputed for DISPUTE_WINDOW_DAYS (3) of ORDER_DAY_SECONDS after it completed, and not after.
 */
describe('disputes: the window after completion, and the sides’ list', { timeout: 120_000 }, () => {
  let server: TestServer;
  let api: ApiClient;
  let p: Pair;

  beforeAll(async () => {
    server = await startTestServer({ ORDER_DAY_SECONDS: '1', DISPUTE_WINDOW_DAYS: '3' });
    api = apiClient(server.url);
    const [creator, editor] = await Promise.all([
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor'),
    ]);
    p = { creator, editor, roomId: await openRoom(api, creator, editor) };
  });
  afterAll(() => server?.close());

  it('a completed order may be disputed for DISPUTE_WINDOW_DAYS of ORDER_DAY_SECONDS, then not', async () => {
    const { order, deliveryId } = await paidDelivered(api, server, p, { amount: 1500 });
    const approved = await api.post(`/api/deliveries/${deliveryId}/approve`, {}, { token: p.creator.token });
    expect(approved.status).toBe(200);
    const done = (await api.get(`/api/orders/${order._id}`, { token: p.creator.token })).body.data;
    const until = new Date(done.disputableUntil).getTime();
    // (Both dates are read from the clock a moment apart.)
    expect(until - new Date(done.completedAt).getTime()).toBeGreaterThanOrEqual(3000);
    expect(until - new Date(done.completedAt).getTime()).toBeLessThan(3050);
    expect(done.actions).toContain('open_dispute');
    await new Promise((r) => setTimeout(r, Math.max(0, until - Date.now()) + 200));
    const late = await api.get(`/api/orders/${order._id}`, { token: p.editor.token });
    expect(late.body.data.actions).not.toContain('open_dispute');
    const res = await api.post(
      `/api/orders/${order._id}/dispute`,
      { reason: 'payment', statement: 'The creator asked me to deliver outside Cutroom.' },
      { token: p.editor.token },
    );
    expect([res.status, res.body.message]).toEqual([409, DISPUTE_MESSAGES.notDisputable(3)]);
  });

  it("lists an order's disputes newest first for its sides and admins, with what each may do", async () => {
    const order = await paidOrder(api, server, p);
    const first = await openDispute(api, p.creator, order._id, { reason: 'late' });
    await disputeStep(api, p.creator, first._id, 'withdraw');
    const second = await openDispute(api, p.editor, order._id, { reason: 'payment' });
    const as = async (who: TestUser) =>
      (await api.get(`/api/orders/${order._id}/disputes`, { token: who.token })).body.data as Dispute[];
    expect((await as(p.creator)).map((x) => [x._id, x.status, x.actions])).toEqual([
      [second._id, 'awaiting_response', ['answer', 'attach']],
      [first._id, 'withdrawn', []],
    ]);
    expect((await as(p.editor)).map((x) => [x._id, x.actions])).toEqual([
      [second._id, ['withdraw', 'attach']],
      [first._id, []],
    ]);
  });
});
