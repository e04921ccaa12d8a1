import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTACT_DETAILS_BLOCKED_MESSAGE,
  ORDER_MESSAGES,
  type AppNotification,
  type ModerationPage,
  type NotificationKind,
  type NotificationsPage,
  type Order,
  type OrderStatus,
  type Role,
} from '@cutroom/contracts';
import { jobs, orders, users } from '../src/db/schema';
import { orderKernel } from '../src/modules/orders/context';
import { markLate } from '../src/modules/orders/deadlines';
import { extensionLapsed } from '../src/modules/orders/extension';
import type { OrderKernel } from '../src/modules/orders/kernel';
import { formatLineTime } from '../src/modules/orders/shape';
import { systemLines } from './delivery-fixtures';
import { eventually } from './fakes/payment-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { startMailbox, type Mailbox, type ReceivedMail } from './helpers/mailbox';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import {
  acceptOffer,
  adminDetail,
  deliver,
  eventTypes,
  openRoom,
  orderAs,
  payOrder,
  sendOffer,
  step,
  type OrderDetail,
} from './orders/fixtures';
import { catalogueEditor } from './reviews/fixtures';

/**
 * Issue 26: the editor asks for N more days with a reason; the creator accepts (the due date moves, the
 * order is no longer late and does not count against the editor's on-time record) or declines; the
 * editor may withdraw; a request nobody answers lapses after ORDER_CANCELLATION_RESPONSE_HOURS.
 *
 * As in orders-transitions and orders-schedule: states are built with the API as the two sides would;
 * direct database writes only fast-forward time (a due date, a request's respondBy set in the past); the
 * deadline jobs are run by calling their handlers through the server's own orders kernel. The file runs
 * on PGlite and, with TEST_DATABASE_URL, on PostgreSQL (where the races really overlap).
 */

const REASON = 'The drone footage arrived two days late';
const DAY_MS = 86_400_000; // ORDER_DAY_SECONDS is a real day on this server.
const RESPONSE_MS = 48 * 3_600_000; // ORDER_CANCELLATION_RESPONSE_HOURS' default.
const NOT_ALLOWED_BY_ROLE = 'You are not allowed to do this';

type Who = 'creator' | 'editor' | 'otherCreator' | 'otherEditor' | 'admin';
const PEOPLE: Who[] = ['creator', 'editor', 'otherCreator', 'otherEditor', 'admin'];
const ROLE_OF: Record<Who, Role> = {
  creator: 'creator',
  editor: 'editor',
  otherCreator: 'creator',
  otherEditor: 'editor',
  admin: 'admin',
};

describe('order extensions', { timeout: 120_000 }, () => {
  let server: TestServer;
  let api: ApiClient;
  let mailbox: Mailbox;
  let k: OrderKernel;
  let people: Record<Who, TestUser>;
  let admin: TestUser;
  let roomId: string;

  beforeAll(async () => {
    mailbox = await startMailbox();
    server = await startTestServer({ SMTP_URL: mailbox.url, NOTIFY_MAIL_RETRY_SECONDS: '1' });
    api = apiClient(server.url);
    k = orderKernel(server.app);
    const [creator, editor, otherCreator, otherEditor] = await Promise.all([
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor', { email: `ext-editor-${Date.now().toString(36)}@example.com` }),
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor'),
    ]);
    admin = await createTestUser(server.db, 'admin');
    people = { creator, editor, otherCreator, otherEditor, admin };
    roomId = await openRoom(api, creator, editor);
    // The strangers are a pair of their own, so they are real members of the marketplace.
    await openRoom(api, otherCreator, otherEditor);
  });
  afterAll(async () => {
    await server?.close();
    await mailbox?.close();
  });

  // ---------------------------------------------------------------------------------------------------
  // Helpers: time fast-forwarded by direct writes of deadlines only; everything else through the API.

  const ago = () => new Date(Date.now() - 60_000);
  const pastDue = (orderId: string) =>
    server.db.update(orders).set({ dueAt: ago() }).where(eq(orders.id, orderId));
  const pastRespondBy = (orderId: string) =>
    server.db.update(orders).set({ extensionRespondBy: ago() }).where(eq(orders.id, orderId));
  /** A job's time is the database's now() plus the delay asked for: within a moment of the deadline. */
  const near = (at: Date, target: number | string) =>
    Math.abs(at.getTime() - new Date(target).getTime()) < 2000;
  const rowOf = async (orderId: string) =>
    (await server.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  const detail = (orderId: string) => adminDetail(api, admin, orderId);
  /** Queued jobs of a kind for one order. */
  const queuedJobs = (kind: string, orderId: string) =>
    server.db
      .select()
      .from(jobs)
      .where(
        and(eq(jobs.kind, kind), eq(jobs.status, 'queued'), sql`${jobs.payload}->>'orderId' = ${orderId}`),
      );

  const ask = (who: TestUser, orderId: string, body: unknown = { days: 2, reason: REASON }) =>
    api.post(`/api/orders/${orderId}/extension`, body, { token: who.token });
  const answer = (who: TestUser, orderId: string, how: 'accept' | 'decline' | 'withdraw') =>
    api.post(`/api/orders/${orderId}/extension/${how}`, undefined, { token: who.token });

  function expectUnchanged(before: OrderDetail, after: OrderDetail) {
    expect(after.data).toEqual(before.data);
    expect(after.events).toHaveLength(before.events.length);
  }

  /** An order in progress between a pair (accepted to pay on approval), or paid first. */
  async function inProgress(creator: TestUser, editor: TestUser, room: string, paid = false): Promise<Order> {
    const offer = await sendOffer(api, editor, room, { revisions: 1, amount: 2500 });
    await acceptOffer(api, creator, offer._id, paid);
    if (paid) await payOrder(api, server, creator, offer._id);
    return orderAs(api, creator, offer._id);
  }

  /** Past its due date and marked late by its job. */
  async function makeLate(orderId: string, as: TestUser) {
    await pastDue(orderId);
    await markLate(k, orderId);
    const o = await orderAs(api, as, orderId);
    expect(o.late).toBe(true);
    expect((await rowOf(orderId)).lateAt).not.toBeNull();
    return o;
  }

  async function requested(editor: TestUser, orderId: string, days = 2, reason = REASON): Promise<Order> {
    const res = await ask(editor, orderId, { days, reason });
    if (res.status !== 200) throw new Error(`extension: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  }

  const bell = async (who: TestUser, kind: NotificationKind, orderId: string): Promise<AppNotification[]> => {
    const res = await api.get('/api/notifications?limit=100', { token: who.token });
    expect(res.status).toBe(200);
    return (res.body as NotificationsPage).data.filter((n) => n.kind === kind && n.orderId === orderId);
  };
  /** Mails to a person whose subject matches. */
  const mailsTo = (who: TestUser, subject: string) =>
    mailbox.to(who.email!).filter((d) => d.mail.subject === subject);
  const whole = (d: ReceivedMail) => `${d.mail.subject}\n${d.mail.text}`;

  // ---------------------------------------------------------------------------------------------------
  describe('every step × every actor', () => {
    type State =
      | 'offered'
      | 'awaiting_payment'
      | 'in_progress'
      | 'late'
      | 'cancellation_pending'
      | 'pending'
      | 'pending_late'
      | 'pending_due'
      | 'delivered'
      | 'delivered_after_request'
      | 'changes_requested'
      | 'completed'
      | 'cancelled'
      | 'cancelled_after_request';
    type HttpAction = 'request' | 'accept' | 'decline' | 'withdraw';
    type Refusal = [status: number, message: string];
    interface Success {
      status: OrderStatus;
      event: string;
    }
    interface HttpRow {
      action: HttpAction;
      from: State;
      ok?: Partial<Record<Who, Success>>;
      refused?: Partial<Record<Who, Refusal>>;
    }
    interface JobRow {
      from: State;
      ok: Success | null;
    }

    const na = ORDER_MESSAGES.notAllowed;
    const c409 = (m: string): Refusal => [409, m];
    const asked = { status: 'in_progress', event: 'extension_requested' } as const;
    const accepted = { status: 'in_progress', event: 'extension_accepted' } as const;
    const declined = { status: 'in_progress', event: 'extension_declined' } as const;
    const withdrawn = { status: 'in_progress', event: 'extension_withdrawn' } as const;
    const VERB = {
      accept: 'accept more time on',
      decline: 'decline more time on',
      withdraw: 'withdraw the request for more time on',
    } as const;

    const closedRows = (action: 'accept' | 'decline' | 'withdraw'): HttpRow[] => {
      const side = action === 'withdraw' ? 'editor' : 'creator';
      const rows: [State, OrderStatus][] = [
        ['offered', 'offered'],
        ['awaiting_payment', 'awaiting_payment'],
        ['delivered_after_request', 'delivered'],
        ['changes_requested', 'changes_requested'],
        ['completed', 'completed'],
        ['cancelled_after_request', 'cancelled'],
      ];
      return rows.map(([from, status]) => ({
        action,
        from,
        refused: { [side]: c409(na(VERB[action], status)) },
      }));
    };

    // prettier-ignore
    const ROWS: HttpRow[] = [
      // The editor asks, only while the order is in progress (late or not), one request at a time.
      { action: 'request', from: 'in_progress', ok: { editor: asked } },
      { action: 'request', from: 'late', ok: { editor: asked } },
      { action: 'request', from: 'cancellation_pending', ok: { editor: asked } },
      { action: 'request', from: 'pending', refused: { editor: c409(ORDER_MESSAGES.extensionPending) } },
      { action: 'request', from: 'pending_late', refused: { editor: c409(ORDER_MESSAGES.extensionPending) } },
      ...(['offered', 'awaiting_payment', 'delivered', 'changes_requested', 'completed', 'cancelled'] as const).map(
        (from): HttpRow => ({ action: 'request', from, refused: { editor: c409(ORDER_MESSAGES.notExtendable) } }),
      ),
      // The creator answers a pending request, late order or not.
      { action: 'accept', from: 'pending', ok: { creator: accepted } },
      { action: 'accept', from: 'pending_late', ok: { creator: accepted } },
      { action: 'accept', from: 'in_progress', refused: { creator: c409(ORDER_MESSAGES.noExtension) } },
      { action: 'accept', from: 'late', refused: { creator: c409(ORDER_MESSAGES.noExtension) } },
      ...closedRows('accept'),
      { action: 'decline', from: 'pending', ok: { creator: declined } },
      { action: 'decline', from: 'pending_late', ok: { creator: declined } },
      { action: 'decline', from: 'in_progress', refused: { creator: c409(ORDER_MESSAGES.noExtension) } },
      { action: 'decline', from: 'late', refused: { creator: c409(ORDER_MESSAGES.noExtension) } },
      ...closedRows('decline'),
      // The editor takes a pending request back.
      { action: 'withdraw', from: 'pending', ok: { editor: withdrawn } },
      { action: 'withdraw', from: 'pending_late', ok: { editor: withdrawn } },
      { action: 'withdraw', from: 'in_progress', refused: { editor: c409(ORDER_MESSAGES.noExtension) } },
      { action: 'withdraw', from: 'cancellation_pending', refused: { editor: c409(ORDER_MESSAGES.noExtension) } },
      ...closedRows('withdraw'),
    ];

    // prettier-ignore
    const JOB_ROWS: JobRow[] = [
      { from: 'pending_due', ok: { status: 'in_progress', event: 'extension_lapsed' } },
      { from: 'pending', ok: null },
      { from: 'delivered_after_request', ok: null },
      { from: 'cancelled_after_request', ok: null },
    ];

    const ROUTE_ROLES: Record<HttpAction, Role[]> = {
      request: ['editor'],
      accept: ['creator'],
      decline: ['creator'],
      withdraw: ['editor'],
    };

    /** What someone the row does not name is told: the route's 403, or that the order does not exist. */
    function routeRefusal(action: HttpAction, who: Who): Refusal | null {
      if (!ROUTE_ROLES[action].includes(ROLE_OF[who])) return [403, NOT_ALLOWED_BY_ROLE];
      if (who === 'otherCreator' || who === 'otherEditor') return [404, ORDER_MESSAGES.notFound];
      return null;
    }

    interface Built {
      orderId: string;
      /** The pending (or cleared) request's time, as its lapse job carries it. */
      requestedAt?: string;
    }

    async function build(state: State): Promise<Built> {
      const { creator, editor } = people;
      const payLater = async () => {
        const offer = await sendOffer(api, editor, roomId, { revisions: 1 });
        await acceptOffer(api, creator, offer._id, false);
        return offer._id;
      };
      const withRequest = async (orderId: string): Promise<Built> => ({
        orderId,
        requestedAt: (await requested(editor, orderId)).extension!.requestedAt,
      });
      switch (state) {
        case 'offered':
          return { orderId: (await sendOffer(api, editor, roomId))._id };
        case 'awaiting_payment': {
          const offer = await sendOffer(api, editor, roomId);
          await acceptOffer(api, creator, offer._id, true);
          return { orderId: offer._id };
        }
        case 'in_progress':
          return { orderId: await payLater() };
        case 'late': {
          const orderId = await payLater();
          await makeLate(orderId, creator);
          return { orderId };
        }
        case 'cancellation_pending': {
          const orderId = await payLater();
          await step(api, creator, `/api/orders/${orderId}/cancellation`, { reason: 'Plans changed' });
          return { orderId };
        }
        case 'pending':
          return withRequest(await payLater());
        case 'pending_late':
          return withRequest((await build('late')).orderId);
        case 'pending_due': {
          const built = await build('pending');
          await pastRespondBy(built.orderId);
          return built;
        }
        case 'delivered': {
          const orderId = await payLater();
          await deliver(api, editor, roomId, orderId);
          return { orderId };
        }
        case 'delivered_after_request': {
          const built = await build('pending');
          await deliver(api, editor, roomId, built.orderId);
          return built;
        }
        case 'changes_requested':
        case 'completed': {
          const orderId = await payLater();
          const cut = await deliver(api, editor, roomId, orderId);
          const res = await api.post(
            `/api/deliveries/${cut._id}/${state === 'completed' ? 'approve' : 'request-changes'}`,
            state === 'completed' ? undefined : { note: 'Shorter intro' },
            { token: creator.token },
          );
          expect(res.status).toBe(200);
          return { orderId };
        }
        case 'cancelled': {
          const { orderId } = await build('awaiting_payment');
          await step(api, creator, `/api/orders/${orderId}/cancel`);
          return { orderId };
        }
        case 'cancelled_after_request': {
          // A late order with a request pending, cancelled by the creator (late orders may be).
          const built = await build('pending_late');
          await step(api, creator, `/api/orders/${built.orderId}/cancel`);
          return built;
        }
      }
    }

    function perform(action: HttpAction, who: Who, orderId: string) {
      const user = people[who];
      return action === 'request'
        ? ask(user, orderId, { days: 3, reason: REASON })
        : answer(user, orderId, action);
    }

    it('states built as named (sanity of the fixtures)', async () => {
      const gone = await build('delivered_after_request');
      expect((await detail(gone.orderId)).data).toMatchObject({ status: 'delivered', extension: null });
      const cancelled = await build('cancelled_after_request');
      expect((await detail(cancelled.orderId)).data).toMatchObject({ status: 'cancelled', extension: null });
      const row = await rowOf(cancelled.orderId);
      expect([
        row.extensionDays,
        row.extensionReason,
        row.extensionRequestedAt,
        row.extensionRespondBy,
      ]).toEqual([null, null, null, null]);
    });

    for (const row of ROWS) {
      const allowed = Object.keys(row.ok ?? {}) as Who[];
      const title = `${row.action} from ${row.from}: ${allowed.length ? `${allowed.join(' and ')} may` : 'nobody may'}`;
      it(title, async () => {
        const refusedOrder = await build(row.from);
        const before = await detail(refusedOrder.orderId);
        for (const who of PEOPLE.filter((p) => !allowed.includes(p))) {
          const expected = routeRefusal(row.action, who) ?? row.refused?.[who];
          if (!expected) throw new Error(`row ${title} does not say what ${who} is told`);
          const res = await perform(row.action, who, refusedOrder.orderId);
          expect({ who, status: res.status, message: res.body?.message }).toEqual({
            who,
            status: expected[0],
            message: expected[1],
          });
          expectUnchanged(before, await detail(refusedOrder.orderId));
        }
        for (const who of allowed) {
          const want = row.ok![who]!;
          const built = await build(row.from);
          const start = await detail(built.orderId);
          const res = await perform(row.action, who, built.orderId);
          expect({ who, status: res.status }).toEqual({ who, status: 200 });
          const after = await detail(built.orderId);
          expect(after.data.status).toBe(want.status);
          expect(res.body.data._id).toBe(built.orderId);
          const added = after.events.slice(start.events.length);
          expect(added.map((e) => [e.type, e.actor])).toEqual([[want.event, ROLE_OF[who]]]);
          if (row.action === 'request') {
            expect(after.data.extension).toMatchObject({ days: 3, reason: REASON });
            expect(after.data.dueAt).toBe(start.data.dueAt);
          } else {
            expect(after.data.extension).toBeNull();
            if (row.action === 'accept') {
              // The days asked for, from the due date, or from the moment of accepting if it had passed.
              const extra = start.data.extension!.days * DAY_MS;
              const moved = new Date(after.data.dueAt!).getTime();
              if (start.data.late) {
                expect(moved).toBeGreaterThan(Date.now() + extra - 60_000);
                expect(moved).toBeLessThanOrEqual(Date.now() + extra);
              } else {
                expect(moved).toBe(new Date(start.data.dueAt!).getTime() + extra);
              }
              expect(after.data.late).toBe(false);
            } else {
              expect(after.data.dueAt).toBe(start.data.dueAt);
              expect(after.data.late).toBe(start.data.late);
            }
          }
        }
      });
    }

    for (const row of JOB_ROWS) {
      it(`job:extension_lapse from ${row.from}: ${row.ok ? row.ok.event : 'nothing to do'}`, async () => {
        const built = await build(row.from);
        expect(built.requestedAt).toBeDefined();
        const before = await detail(built.orderId);
        await extensionLapsed(k, built.orderId, built.requestedAt!);
        const after = await detail(built.orderId);
        if (!row.ok) return expectUnchanged(before, after);
        expect(after.data).toMatchObject({
          status: row.ok.status,
          extension: null,
          dueAt: before.data.dueAt,
        });
        const added = after.events.slice(before.events.length);
        expect(added.map((e) => [e.type, e.actor])).toEqual([[row.ok.event, 'system']]);
        // Run twice, as a retried job would: the second run finds nothing to do.
        await extensionLapsed(k, built.orderId, built.requestedAt!);
        expectUnchanged(after, await detail(built.orderId));
      });
    }
  });

  // ---------------------------------------------------------------------------------------------------
  describe('the due date, the late mark and the on-time record', () => {
    it('accepted on an order not yet late: the due date moves by the days asked for, from the old due date', async () => {
      const { creator, editor } = people;
      const order = await inProgress(creator, editor, roomId);
      const due = new Date(order.dueAt!).getTime();
      const asked = await requested(editor, order._id, 3);
      expect(asked.extension).toMatchObject({ days: 3, reason: REASON });
      expect(
        new Date(asked.extension!.respondBy).getTime() - new Date(asked.extension!.requestedAt).getTime(),
      ).toBe(RESPONSE_MS);
      const creatorView = await orderAs(api, creator, order._id);
      expect(creatorView.actions).toEqual(expect.arrayContaining(['accept_extension', 'decline_extension']));
      expect(creatorView.extension).toEqual(asked.extension);
      const editorView = await orderAs(api, editor, order._id);
      expect(editorView.actions).toContain('withdraw_extension');
      expect(editorView.actions).not.toContain('request_extension');

      const done = await step(api, creator, `/api/orders/${order._id}/extension/accept`);
      expect(new Date(done.dueAt!).getTime()).toBe(due + 3 * DAY_MS);
      expect(done).toMatchObject({ late: false, extension: null, status: 'in_progress' });
      expect(done.actions).not.toContain('accept_extension');
      // The editor may ask again once this one is answered.
      expect((await orderAs(api, editor, order._id)).actions).toContain('request_extension');
      const accepted = (await detail(order._id)).events.find((e) => e.type === 'extension_accepted')!;
      expect(accepted).toMatchObject({
        actor: 'creator',
        summary: `3 more days accepted: due ${formatLineTime(done.dueAt!)}`,
      });
      // Not late before: the mark-late job waiting for the old due date, when it runs, re-arms itself
      // for the new one and marks nothing.
      expect((await rowOf(order._id)).lateAt).toBeNull();
      const before = await detail(order._id);
      const waiting = await queuedJobs('order.mark-late', order._id);
      // A job waits for the new due date.
      expect(waiting.some((j) => near(j.runAfter, due + 3 * DAY_MS))).toBe(true);
      await markLate(k, order._id);
      expectUnchanged(before, await detail(order._id));
      const rearmed = await queuedJobs('order.mark-late', order._id);
      expect(rearmed).toHaveLength(waiting.length + 1);
      expect(rearmed.some((j) => near(j.runAfter, due + 3 * DAY_MS))).toBe(true);
    });

    it('declined: the due date stays, and a late order stays late (the creator may still cancel it)', async () => {
      const { creator, editor } = people;
      const order = await inProgress(creator, editor, roomId);
      const late = await makeLate(order._id, creator);
      const lateAt = (await rowOf(order._id)).lateAt;
      await requested(editor, order._id, 4);
      const kept = await step(api, creator, `/api/orders/${order._id}/extension/decline`);
      expect(kept).toMatchObject({ dueAt: late.dueAt, late: true, extension: null });
      expect(kept.actions).toContain('cancel');
      expect((await rowOf(order._id)).lateAt).toEqual(lateAt);
      const declined = (await detail(order._id)).events.find((e) => e.type === 'extension_declined')!;
      expect(declined).toMatchObject({
        actor: 'creator',
        summary: '4 more days declined; the due date stays',
      });
    });

    it('accepted on a late order: due from now, no longer late (the late cancel is refused), late_at cleared, a new mark-late job', async () => {
      const { creator, editor } = people;
      const order = await inProgress(creator, editor, roomId);
      await makeLate(order._id, creator);
      await requested(editor, order._id, 2);
      const jobsBefore = (await queuedJobs('order.mark-late', order._id)).length;
      const t0 = Date.now();
      const done = await step(api, creator, `/api/orders/${order._id}/extension/accept`);
      const t1 = Date.now();
      const due = new Date(done.dueAt!).getTime();
      expect(due).toBeGreaterThanOrEqual(t0 + 2 * DAY_MS);
      expect(due).toBeLessThanOrEqual(t1 + 2 * DAY_MS);
      expect(done).toMatchObject({ late: false, extension: null });
      expect(done.actions).not.toContain('cancel');
      expect((await rowOf(order._id)).lateAt).toBeNull();
      const cancel = await api.post(`/api/orders/${order._id}/cancel`, {}, { token: creator.token });
      expect([cancel.status, cancel.body.message]).toEqual([409, ORDER_MESSAGES.notLate]);
      const armed = await queuedJobs('order.mark-late', order._id);
      expect(armed).toHaveLength(jobsBefore + 1);
      expect(Math.max(...armed.map((j) => j.runAfter.getTime()))).toBeGreaterThanOrEqual(due - 1000);
    });

    it("the editor's on-time record: late but extended counts as on time; late without one, or late again, does not", async () => {
      const creator = await createTestUser(server.db, 'creator');
      const editor = await catalogueEditor(api, server, admin, { prices: { basic: 900 } });
      const room = await openRoom(api, creator, editor);
      const card = async () => (await api.get(`/api/users/editors/${editor.id}`)).body.data.trackRecord;
      const counts = async () =>
        (
          await server.db
            .select({ completed: users.completedOrders, onTime: users.onTimeOrders })
            .from(users)
            .where(eq(users.id, editor.id))
        )[0]!;
      const complete = async (orderId: string) => {
        const cut = await deliver(api, editor, room, orderId);
        const res = await api.post(`/api/deliveries/${cut._id}/approve`, undefined, { token: creator.token });
        expect(res.status).toBe(200);
        expect((await orderAs(api, creator, orderId)).status).toBe('completed');
      };

      // 1. Paid, late, the creator accepts more days, delivered in time: on time.
      const first = await inProgress(creator, editor, room, true);
      await makeLate(first._id, creator);
      await requested(editor, first._id, 2);
      await step(api, creator, `/api/orders/${first._id}/extension/accept`);
      await complete(first._id);
      expect(await counts()).toEqual({ completed: 1, onTime: 1 });
      expect(await card()).toMatchObject({ completedOrders: 1, onTimeRate: 1 });

      // 2. Paid, late, no extension: late.
      const second = await inProgress(creator, editor, room, true);
      await makeLate(second._id, creator);
      await complete(second._id);
      expect(await counts()).toEqual({ completed: 2, onTime: 1 });
      expect(await card()).toMatchObject({ completedOrders: 2, onTimeRate: 0.5 });

      // 3. Extended, then past the new due date too: marked late again (its own line again), and late.
      const third = await inProgress(creator, editor, room, true);
      await makeLate(third._id, creator);
      await requested(editor, third._id, 1);
      await step(api, creator, `/api/orders/${third._id}/extension/accept`);
      await makeLate(third._id, creator);
      expect(eventTypes(await detail(third._id)).filter((t) => t === 'late')).toHaveLength(2);
      const lateLine = `Order ${third.reference} is past its due date with no delivery. The creator may cancel it with a full refund.`;
      expect((await systemLines(api, creator, room)).filter((l) => l === lateLine)).toHaveLength(2);
      await complete(third._id);
      expect(await counts()).toEqual({ completed: 3, onTime: 1 });
      expect((await card()).onTimeRate).toBeCloseTo(1 / 3);
    });
  });

  // ---------------------------------------------------------------------------------------------------
  describe('the lapse job', () => {
    it('before respondBy it changes nothing and re-arms at respondBy; after it the request lapses, once', async () => {
      const { creator, editor } = people;
      const order = await inProgress(creator, editor, roomId);
      const asked = await requested(editor, order._id, 5);
      const { requestedAt, respondBy } = asked.extension!;
      const lapseJobs = () => queuedJobs('order.extension-lapse', order._id);
      const scheduled = await lapseJobs();
      expect(scheduled.map((j) => j.payload)).toEqual([{ orderId: order._id, requestedAt }]);
      expect(near(scheduled[0]!.runAfter, respondBy)).toBe(true);

      const before = await detail(order._id);
      await extensionLapsed(k, order._id, requestedAt);
      expectUnchanged(before, await detail(order._id));
      const rearmed = await lapseJobs();
      expect(rearmed).toHaveLength(2);
      expect(rearmed.every((j) => near(j.runAfter, respondBy))).toBe(true);

      await pastRespondBy(order._id);
      await extensionLapsed(k, order._id, requestedAt);
      const after = await detail(order._id);
      expect(after.data).toMatchObject({ extension: null, dueAt: order.dueAt, status: 'in_progress' });
      const lapsed = after.events.slice(before.events.length);
      expect(lapsed.map((e) => [e.type, e.actor, e.summary])).toEqual([
        ['extension_lapsed', 'system', 'Request for more time lapsed unanswered; the due date stays'],
      ]);
      const line = `The request for more time on order ${order.reference} was not answered in time; the due date stays.`;
      expect((await systemLines(api, editor, roomId)).filter((l) => l === line)).toHaveLength(1);
      const notice = await eventually(async () => {
        const found = await bell(editor, 'extension_answered', order._id);
        return found.length ? found : null;
      });
      expect(notice.map((n) => [n.title, n.body])).toEqual([
        [`Your request for more time on ${order.reference} lapsed`, `"${order.title}": the due date stays`],
      ]);
      const subject = `Your request for more time on ${order.reference} lapsed`;
      await eventually(async () => mailsTo(editor, subject).length === 1, 15_000);
      expect(mailsTo(editor, subject)[0]!.mail.text).toMatch(/was not answered in time/);
      // The creator's answer now comes too late.
      const late = await answer(creator, order._id, 'accept');
      expect([late.status, late.body.message]).toEqual([409, ORDER_MESSAGES.noExtension]);

      // Again (a retried job): nothing more, no second line or notice.
      await extensionLapsed(k, order._id, requestedAt);
      expectUnchanged(after, await detail(order._id));
      expect((await systemLines(api, editor, roomId)).filter((l) => l === line)).toHaveLength(1);
      expect(await bell(editor, 'extension_answered', order._id)).toHaveLength(1);
    });

    it("a stale job (an older request's) leaves the current request alone; the current one's job lapses it", async () => {
      const { creator, editor } = people;
      const order = await inProgress(creator, editor, roomId);
      const older = (await requested(editor, order._id, 2)).extension!.requestedAt;
      await step(api, editor, `/api/orders/${order._id}/extension/withdraw`);
      const current = (await requested(editor, order._id, 6, 'The client added a second venue')).extension!;
      expect(current.requestedAt).not.toBe(older);
      await pastRespondBy(order._id);
      const before = await detail(order._id);
      await extensionLapsed(k, order._id, older);
      expectUnchanged(before, await detail(order._id));
      expect(before.data.extension).toMatchObject({ days: 6, requestedAt: current.requestedAt });

      await extensionLapsed(k, order._id, current.requestedAt);
      const after = await detail(order._id);
      expect(after.data.extension).toBeNull();
      expect(eventTypes(after).slice(before.events.length)).toEqual(['extension_lapsed']);
    });

    it('a job for an order that does not exist does nothing', async () => {
      await expect(
        extensionLapsed(k, '00000000-0000-4000-8000-000000000000', new Date().toISOString()),
      ).resolves.toBeUndefined();
    });
  });

  // ---------------------------------------------------------------------------------------------------
  describe('delivery and cancellation clear a pending request', () => {
    const cleared = async (orderId: string) => {
      const row = await rowOf(orderId);
      expect([
        row.extensionDays,
        row.extensionReason,
        row.extensionRequestedAt,
        row.extensionRespondBy,
      ]).toEqual([null, null, null, null]);
    };

    it('a delivery: the request is gone, nobody can answer it, its lapse job does nothing', async () => {
      const { creator, editor } = people;
      const order = await inProgress(creator, editor, roomId);
      const { requestedAt } = (await requested(editor, order._id)).extension!;
      await deliver(api, editor, roomId, order._id);
      const delivered = await orderAs(api, creator, order._id);
      expect(delivered).toMatchObject({ status: 'delivered', extension: null, dueAt: order.dueAt });
      expect(delivered.actions).not.toContain('accept_extension');
      await cleared(order._id);
      const before = await detail(order._id);
      for (const [who, how] of [
        [creator, 'accept'],
        [creator, 'decline'],
        [editor, 'withdraw'],
      ] as const) {
        const res = await answer(who, order._id, how);
        expect(res.status).toBe(409);
      }
      await pastRespondBy(order._id);
      await extensionLapsed(k, order._id, requestedAt);
      expectUnchanged(before, await detail(order._id));
    });

    it('a mutual cancellation and an admin cancellation: the request is gone, its lapse job does nothing', async () => {
      const { creator, editor } = people;
      for (const how of ['mutual', 'admin'] as const) {
        const order = await inProgress(creator, editor, roomId);
        const { requestedAt } = (await requested(editor, order._id)).extension!;
        if (how === 'mutual') {
          await step(api, creator, `/api/orders/${order._id}/cancellation`, { reason: 'Event moved' });
          await step(api, editor, `/api/orders/${order._id}/cancellation/accept`);
        } else {
          await step(api, admin, `/api/admin/orders/${order._id}/cancel`, { full: true, note: 'Support' });
        }
        expect(await orderAs(api, creator, order._id)).toMatchObject({
          status: 'cancelled',
          extension: null,
        });
        await cleared(order._id);
        const before = await detail(order._id);
        await extensionLapsed(k, order._id, requestedAt);
        expectUnchanged(before, await detail(order._id));
      }
    });
  });

  // ---------------------------------------------------------------------------------------------------
  describe('chat, timeline, bell, mail; the contact-details screen', () => {
    it('request, accept and decline: a chat line, a timeline line, a bell notice and an e-mail each', async () => {
      const creator = await createTestUser(server.db, 'creator');
      const editor = await createTestUser(server.db, 'editor', {
        email: `ext-mail-${Date.now().toString(36)}@example.com`,
      });
      const room = await openRoom(api, creator, editor);

      // The request: to the creator.
      const order = await inProgress(creator, editor, room);
      const asked = await requested(editor, order._id, 2);
      const respondBy = asked.extension!.respondBy;
      // Read as the editor: the creator opening the room would mark the creator's notices read.
      const lines = () => systemLines(api, editor, room);
      expect(await lines()).toContain(
        `The editor asked for 2 more days on order ${order.reference}: "${REASON}". If the creator does not answer by ${formatLineTime(respondBy)}, the due date stays.`,
      );
      const requestedEvent = (await detail(order._id)).events.find((e) => e.type === 'extension_requested')!;
      expect(requestedEvent).toMatchObject({
        actor: 'editor',
        summary: '2 more days asked for',
        note: REASON,
      });
      const toCreator = await eventually(async () => {
        const found = await bell(creator, 'extension_requested', order._id);
        return found.length ? found : null;
      });
      expect(toCreator.map((n) => [n.title, n.body, n.read])).toEqual([
        [
          `${editor.username} asks for 2 more days on ${order.reference}`,
          `Accept or decline by ${formatLineTime(respondBy)}, or the due date stays`,
          false,
        ],
      ]);
      const requestSubject = `${editor.username} asks for 2 more days on ${order.reference}: answer by ${formatLineTime(respondBy)}`;
      await eventually(async () => mailsTo(creator, requestSubject).length === 1, 15_000);
      expect(whole(mailsTo(creator, requestSubject)[0]!)).toContain(REASON);
      expect(await bell(editor, 'extension_requested', order._id)).toEqual([]);

      // Accepted: to the editor; the creator's notice of the request is read.
      const done = await step(api, creator, `/api/orders/${order._id}/extension/accept`);
      expect(await lines()).toContain(
        `The creator accepted 2 more days on order ${order.reference}. It is now due ${formatLineTime(done.dueAt!)}.`,
      );
      const toEditor = await eventually(async () => {
        const found = await bell(editor, 'extension_answered', order._id);
        return found.length ? found : null;
      });
      expect(toEditor.map((n) => [n.title, n.body])).toEqual([
        [`${order.reference} now has 2 more days`, `Due ${formatLineTime(done.dueAt!)}`],
      ]);
      expect((await bell(creator, 'extension_requested', order._id)).map((n) => n.read)).toEqual([true]);
      const acceptSubject = `${order.reference} now has 2 more days`;
      await eventually(async () => mailsTo(editor, acceptSubject).length === 1, 15_000);
      expect(mailsTo(editor, acceptSubject)[0]!.mail.text).toContain(formatLineTime(done.dueAt!));

      // Declined: to the editor.
      const second = await inProgress(creator, editor, room);
      await requested(editor, second._id, 1, 'One more round of colour');
      const kept = await step(api, creator, `/api/orders/${second._id}/extension/decline`);
      expect(await lines()).toContain(
        `The creator kept the due date of order ${second.reference} (${formatLineTime(kept.dueAt!)}).`,
      );
      expect((await detail(second._id)).events.find((e) => e.type === 'extension_declined')!.summary).toBe(
        '1 more day declined; the due date stays',
      );
      const declined = await eventually(async () => {
        const found = await bell(editor, 'extension_answered', second._id);
        return found.length ? found : null;
      });
      expect(declined.map((n) => [n.title, n.body])).toEqual([
        [
          `${creator.username} kept the due date of ${second.reference}`,
          `"${second.title}": the due date stays`,
        ],
      ]);
      const declineSubject = `${creator.username} kept the due date of ${second.reference}`;
      await eventually(async () => mailsTo(editor, declineSubject).length === 1, 15_000);

      // Withdrawn: a chat and a timeline line, a bell notice and an e-mail.
      const third = await inProgress(creator, editor, room);
      await requested(editor, third._id, 1);
      await step(api, editor, `/api/orders/${third._id}/extension/withdraw`);
      expect(await lines()).toContain(
        `The editor withdrew the request for more time on order ${third.reference}.`,
      );
      expect((await detail(third._id)).events.find((e) => e.type === 'extension_withdrawn')).toMatchObject({
        actor: 'editor',
        summary: 'Request for more time withdrawn',
      });
      // And the creator, who had a request to answer, is told there is none any more: bell and e-mail.
      const withdrawnTitle = `${editor.username} withdrew the request for more time on ${third.reference}`;
      expect((await bell(creator, 'extension_requested', third._id)).map((n) => n.title)).toContain(
        withdrawnTitle,
      );
      await eventually(async () => mailsTo(creator, withdrawnTitle).length === 1, 15_000);
    });

    it('a reason with a phone number or an e-mail address is refused, recorded as such, and changes nothing', async () => {
      const { creator, editor } = people;
      const order = await inProgress(creator, editor, roomId);
      const before = await detail(order._id);
      const jobsBefore = (await queuedJobs('order.extension-lapse', order._id)).length;
      const tries = [
        'Call me on 98765 43210 to discuss',
        'Send the raw files to rohan.k@gmail.com instead',
        'WhatsApp 98765\u200b43210 for the footage',
        'mail rohan at gmail dot com',
      ];
      for (const reason of tries) {
        const res = await ask(editor, order._id, { days: 2, reason });
        expect([reason, res.status, res.body.message]).toEqual([
          reason,
          400,
          CONTACT_DETAILS_BLOCKED_MESSAGE,
        ]);
      }
      expectUnchanged(before, await detail(order._id));
      expect(await queuedJobs('order.extension-lapse', order._id)).toHaveLength(jobsBefore);
      const recorded = await eventually(async () => {
        const rows = (
          (await server.db.execute(
            sql`select place, order_id from contact_refusals where author_id = ${editor.id} and order_id = ${order._id}`,
          )) as unknown as { rows: { place: string; order_id: string }[] }
        ).rows;
        return rows.length === tries.length ? rows : null;
      });
      expect(new Set(recorded.map((r) => r.place))).toEqual(new Set(['extension_reason']));
      // Nothing reached the chat.
      expect((await systemLines(api, creator, roomId)).some((l) => l.includes('98765'))).toBe(false);
    });

    it('a merely suspicious reason is delivered and filed for moderation with its order', async () => {
      const { creator, editor } = people;
      const order = await inProgress(creator, editor, roomId);
      const reason = 'Happy to explain, message me on whatsapp';
      const res = await ask(editor, order._id, { days: 2, reason });
      expect(res.status).toBe(200);
      const flag = await eventually(async () => {
        const page = (await api.get('/api/admin/moderation-flags?limit=100', { token: admin.token }))
          .body as ModerationPage;
        return page.data.find((f) => f.order?._id === order._id) ?? null;
      });
      expect(flag).toMatchObject({ source: 'extension_reason', excerpt: reason, author: { _id: editor.id } });
      // Not quoted word for word in the creator's mail.
      const subject = `${editor.username} asks for 2 more days on ${order.reference}: answer by ${formatLineTime(res.body.data.extension.respondBy)}`;
      await eventually(async () => mailsTo(creator, subject).length === 1, 15_000);
      expect(whole(mailsTo(creator, subject)[0]!)).not.toContain('whatsapp');
    });
  });

  // ---------------------------------------------------------------------------------------------------
  describe('hostile input', () => {
    const NUL_REFUSED = 'Text must not contain NUL characters';

    it('refuses bad days and reasons with a readable 400 naming the field, and changes nothing', async () => {
      const { creator, editor } = people;
      const order = await inProgress(creator, editor, roomId);
      const before = await detail(order._id);
      const cases: [unknown, string][] = [
        [{ days: 0, reason: REASON }, 'Extra days must be at least 1'],
        [{ days: -3, reason: REASON }, 'Extra days must be at least 1'],
        [{ days: 31, reason: REASON }, 'Extra days must be at most 30'],
        [{ days: 1.5, reason: REASON }, 'Extra days must be a whole number'],
        [{ days: 1e300, reason: REASON }, 'Extra days must be a whole number'],
        [{ days: Number.MAX_SAFE_INTEGER + 2, reason: REASON }, 'Extra days must be a whole number'],
        [{ days: 2 ** 40, reason: REASON }, 'Extra days must be at most 30'],
        [{ days: 'two', reason: REASON }, 'Extra days must be a number'],
        [{ days: '1e400', reason: REASON }, 'Extra days must be a number'],
        [{ reason: REASON }, 'Extra days must be a number'],
        [{ days: 2 }, 'Reason is required'],
        [{ days: 2, reason: 42 }, 'Reason is required'],
        [{ days: 2, reason: 'ab' }, 'Reason must be at least 3 characters'],
        [{ days: 2, reason: '   ab   ' }, 'Reason must be at least 3 characters'],
        [{ days: 2, reason: '\u200b\u200b\u200b\u200b\u2060\ufeff' }, 'Reason must be at least 3 characters'],
        [{ days: 2, reason: 'a\u200bb' }, 'Reason must be at least 3 characters'],
        [{ days: 2, reason: 'x'.repeat(501) }, 'Reason must be at most 500 characters'],
        [{ days: 2, reason: 'Footage \ud800 late' }, 'Reason contains an invalid character'],
        [{ days: 2, reason: 'Footage late \udc00' }, 'Reason contains an invalid character'],
        [{ days: 2, reason: 'Footage\u0000late' }, NUL_REFUSED],
        [{ days: 2, reason: REASON, 'x\u0000': 1 }, NUL_REFUSED],
      ];
      for (const [body, message] of cases) {
        const res = await ask(editor, order._id, body);
        expect({ body, status: res.status, message: res.body?.message }).toEqual({
          body,
          status: 400,
          message,
        });
      }
      // A JSON null, an array, a string; then no body at all.
      for (const body of [null, [2, REASON], 'two days']) {
        const res = await ask(editor, order._id, body);
        expect({ body, status: res.status }).toEqual({ body, status: 400 });
        expect(typeof res.body.message).toBe('string');
      }
      const bare = await fetch(`${server.url}/api/orders/${order._id}/extension`, {
        method: 'POST',
        headers: { authorization: `Bearer ${editor.token}` },
      });
      expect(bare.status).toBe(400);
      // A 2 MB body.
      const huge = await ask(editor, order._id, { days: 2, reason: 'y'.repeat(2 * 1024 * 1024) });
      expect([413, 400]).toContain(huge.status);
      expect(huge.body.message).toBe('The request is too large');
      expectUnchanged(before, await detail(order._id));
      expect(await queuedJobs('order.extension-lapse', order._id)).toHaveLength(0);
    });

    it('takes the limits, an emoji, a numeric string; invisible characters are dropped and the text trimmed', async () => {
      const { creator, editor } = people;
      const order = await inProgress(creator, editor, roomId);
      const accepted: [unknown, { days: number; reason: string }][] = [
        [
          { days: 1, reason: 'abc' },
          { days: 1, reason: 'abc' },
        ],
        [
          { days: 30, reason: 'x'.repeat(500) },
          { days: 30, reason: 'x'.repeat(500) },
        ],
        [
          { days: '2', reason: 'Numeric string' },
          { days: 2, reason: 'Numeric string' },
        ],
        [
          { days: 2, reason: '🎬 Reshoot of the drone shot' },
          { days: 2, reason: '🎬 Reshoot of the drone shot' },
        ],
        [
          { days: 2, reason: '  foot\u200bage\u2060 late\u202e  ' },
          { days: 2, reason: 'footage late' },
        ],
      ];
      for (const [body, want] of accepted) {
        const res = await ask(editor, order._id, body);
        expect({ body, status: res.status }).toEqual({ body, status: 200 });
        expect(res.body.data.extension).toMatchObject(want);
        const row = await rowOf(order._id);
        expect({ days: row.extensionDays, reason: row.extensionReason }).toEqual(want);
        await step(api, editor, `/api/orders/${order._id}/extension/withdraw`);
      }
    });

    it('an order id that is not one: 400 or 404, never a 500', async () => {
      const { creator, editor } = people;
      for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', "1' or '1'='1"]) {
        const asked = await ask(editor, encodeURIComponent(id));
        expect([400, 404]).toContain(asked.status);
        const accepted = await answer(creator, encodeURIComponent(id), 'accept');
        expect([400, 404]).toContain(accepted.status);
      }
    });
  });

  // ---------------------------------------------------------------------------------------------------
  describe('races (PGlite takes turns; PostgreSQL really overlaps)', () => {
    const ROUNDS = 4;

    it('accept twice at once: one wins, the other is told there is nothing to answer, the date moves once', async () => {
      const { creator, editor } = people;
      for (let round = 0; round < ROUNDS; round++) {
        const order = await inProgress(creator, editor, roomId);
        await requested(editor, order._id, 3);
        const replies = await Promise.all([
          answer(creator, order._id, 'accept'),
          answer(creator, order._id, 'accept'),
        ]);
        expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
        expect(replies.find((r) => r.status === 409)!.body.message).toBe(ORDER_MESSAGES.noExtension);
        const after = await detail(order._id);
        expect(new Date(after.data.dueAt!).getTime()).toBe(new Date(order.dueAt!).getTime() + 3 * DAY_MS);
        expect(eventTypes(after).filter((t) => t.startsWith('extension_'))).toEqual([
          'extension_requested',
          'extension_accepted',
        ]);
        const accepted = (await systemLines(api, creator, roomId)).filter((l) =>
          l.startsWith(`The creator accepted 3 more days on order ${order.reference}.`),
        );
        expect(accepted).toHaveLength(1);
      }
    });

    it('accept vs withdraw: exactly one happens', async () => {
      const { creator, editor } = people;
      for (let round = 0; round < ROUNDS; round++) {
        const order = await inProgress(creator, editor, roomId);
        await requested(editor, order._id, 2);
        const [acc, wd] = await Promise.all([
          answer(creator, order._id, 'accept'),
          answer(editor, order._id, 'withdraw'),
        ]);
        expect([acc.status, wd.status].sort()).toEqual([200, 409]);
        const loser = acc.status === 409 ? acc : wd;
        expect(loser.body.message).toBe(ORDER_MESSAGES.noExtension);
        const after = await detail(order._id);
        const outcome = eventTypes(after).filter(
          (t) => t === 'extension_accepted' || t === 'extension_withdrawn',
        );
        expect(outcome).toEqual([acc.status === 200 ? 'extension_accepted' : 'extension_withdrawn']);
        const moved = new Date(order.dueAt!).getTime() + (acc.status === 200 ? 2 * DAY_MS : 0);
        expect(new Date(after.data.dueAt!).getTime()).toBe(moved);
        expect(after.data.extension).toBeNull();
      }
    });

    it('accept vs the lapse job at respondBy: accepted or lapsed, never both', async () => {
      const { creator, editor } = people;
      for (let round = 0; round < ROUNDS; round++) {
        const order = await inProgress(creator, editor, roomId);
        const { requestedAt } = (await requested(editor, order._id, 2)).extension!;
        await pastRespondBy(order._id);
        const [acc] = await Promise.all([
          answer(creator, order._id, 'accept'),
          extensionLapsed(k, order._id, requestedAt),
        ]);
        const after = await detail(order._id);
        const outcome = eventTypes(after).filter(
          (t) => t === 'extension_accepted' || t === 'extension_lapsed',
        );
        if (acc.status === 200) {
          expect(outcome).toEqual(['extension_accepted']);
          expect(new Date(after.data.dueAt!).getTime()).toBe(new Date(order.dueAt!).getTime() + 2 * DAY_MS);
        } else {
          expect([acc.status, acc.body.message]).toEqual([409, ORDER_MESSAGES.noExtension]);
          expect(outcome).toEqual(['extension_lapsed']);
          expect(after.data.dueAt).toBe(order.dueAt);
        }
        expect(after.data.extension).toBeNull();
      }
    });

    it('two requests at once: one is pending, the other is told one is waiting; one lapse job', async () => {
      const { creator, editor } = people;
      for (let round = 0; round < ROUNDS; round++) {
        const order = await inProgress(creator, editor, roomId);
        const replies = await Promise.all([
          ask(editor, order._id, { days: 2, reason: 'First reason' }),
          ask(editor, order._id, { days: 7, reason: 'Second reason' }),
        ]);
        expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
        const winner = replies.findIndex((r) => r.status === 200);
        expect(replies[1 - winner]!.body.message).toBe(ORDER_MESSAGES.extensionPending);
        const after = await detail(order._id);
        expect(after.data.extension).toMatchObject(
          winner === 0 ? { days: 2, reason: 'First reason' } : { days: 7, reason: 'Second reason' },
        );
        expect(eventTypes(after).filter((t) => t === 'extension_requested')).toHaveLength(1);
        expect(await queuedJobs('order.extension-lapse', order._id)).toHaveLength(1);
      }
    });

    it('accept vs the mark-late job at the due date: whichever goes first, a mark-late job waits for the new due date', async () => {
      const { creator, editor } = people;
      for (let round = 0; round < ROUNDS; round++) {
        const order = await inProgress(creator, editor, roomId);
        await requested(editor, order._id, 1);
        // The due date passes; the runner claims the order's mark-late job and runs it (we stand in for
        // the runner: its row is taken, and we call its handler) while the creator accepts.
        await pastDue(order._id);
        await server.db
          .update(jobs)
          .set({ status: 'done' })
          .where(and(eq(jobs.kind, 'order.mark-late'), sql`${jobs.payload}->>'orderId' = ${order._id}`));
        const [acc] = await Promise.all([answer(creator, order._id, 'accept'), markLate(k, order._id)]);
        expect(acc.status).toBe(200);
        const row = await rowOf(order._id);
        expect(row.lateAt).toBeNull();
        expect(row.dueAt!.getTime()).toBeGreaterThan(Date.now());
        const waiting = await queuedJobs('order.mark-late', order._id);
        expect(waiting.length).toBeGreaterThanOrEqual(1);
        expect(Math.min(...waiting.map((j) => j.runAfter.getTime()))).toBeLessThanOrEqual(
          row.dueAt!.getTime() + 1000,
        );
      }
    });
  });
});
