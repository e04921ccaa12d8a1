import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DISPUTE_MESSAGES,
  ORDER_MESSAGES,
  type AdminDisputeRow,
  type DisputeStatus,
  type OrderStatus,
} from '@cutroom/contracts';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { eventually } from './fakes/payment-fixtures';
import {
  acceptOffer,
  adminDetail,
  eventTypes,
  openRoom,
  sendOffer,
  step,
  type OrderDetail,
} from './orders/fixtures';
import { paidDelivered, paidOrder, requestChanges, type Pair } from './orders/settlement-fixtures';
import {
  ANSWER,
  NOTE,
  STATEMENT,
  caseFile,
  deadlineJob,
  deadlineJobsOf,
  decide,
  disputeStep,
  openDispute,
  pastDisputeWindow,
  pastRespondBy,
} from './disputes/fixtures';

/**
 * Disputes, every step × every actor (issue 26), in the style of orders-transitions.test.ts: a row names
 * the state (built with the API on a fresh ₹6,999 order), the step, who may take it (each on a fresh
 * order of their own) and what everyone else is told. Strangers are told the order or dispute does not
 * exist (404); admins do not act for the sides and the sides do not decide (403, by role). After every
 * refusal the dispute's case file, the order and its timeline, as an admin reads them, are unchanged.
 *
 * The `dispute.response-deadline` job runs through the service method the job runner calls; time is only
 * fast-forwarded by writing a deadline (or a completed order's dispute window) into the past.
 */

type Who = 'creator' | 'editor' | 'otherCreator' | 'otherEditor' | 'admin';
const PEOPLE: Who[] = ['creator', 'editor', 'otherCreator', 'otherEditor', 'admin'];

/** Where an order is, for opening a dispute. */
type OrderState =
  | 'offered'
  | 'awaiting_payment'
  | 'in_progress'
  | 'in_progress_unpaid'
  | 'delivered'
  | 'changes_requested'
  | 'completed'
  | 'completed_past_window'
  | 'cancelled'
  | 'disputed'
  | 'dispute_withdrawn';

/** Where a dispute is (on a paid order in progress), for the other steps. */
type DisputeState =
  | 'awaiting_by_creator'
  | 'awaiting_by_editor'
  | 'answered_by_creator'
  | 'answered_by_editor'
  | 'with_admins'
  | 'with_admins_unanswered'
  | 'decided'
  | 'settled'
  | 'withdrawn'
  | 'awaiting_due'
  | 'answered_due';

type Step = 'open' | 'answer' | 'escalate' | 'withdraw' | 'decide';
type Refusal = [status: number, message: string];

interface Success {
  /** The dispute's status after the step. */
  status: DisputeStatus;
  /** The order timeline's event the step adds (once). */
  event: string;
  /** The order's status after it. */
  order: OrderStatus;
}
interface OpenRow {
  step: 'open';
  from: OrderState;
  ok?: Partial<Record<Who, Success>>;
  refused?: Partial<Record<Who, Refusal>>;
}
interface DisputeRow {
  step: Exclude<Step, 'open'>;
  from: DisputeState;
  ok?: Partial<Record<Who, Success>>;
  refused?: Partial<Record<Who, Refusal>>;
}
interface JobRow {
  from: DisputeState;
  /** What the deadline does, or null: it finds nothing to do and changes nothing. */
  ok: Success | null;
}

const M = DISPUTE_MESSAGES;
const c409 = (m: string): Refusal => [409, m];
const f403 = (m: string): Refusal => [403, m];
const both = (r: Refusal) => ({ creator: r, editor: r });
const notDisputable = c409(M.notDisputable(14));
const opened = (order: OrderStatus): Success => ({
  status: 'awaiting_response',
  event: 'dispute_opened',
  order,
});
const answered: Success = { status: 'answered', event: 'dispute_answered', order: 'in_progress' };
const escalated: Success = { status: 'with_admins', event: 'dispute_escalated', order: 'in_progress' };
const withdrawn: Success = { status: 'withdrawn', event: 'dispute_withdrawn', order: 'in_progress' };
const released: Success = { status: 'decided', event: 'dispute_decided', order: 'completed' };

// prettier-ignore
const OPEN_ROWS: OpenRow[] = [
  // Either side opens one on work under way, delivered, or completed within the window.
  { step: 'open', from: 'in_progress', ok: { creator: opened('in_progress'), editor: opened('in_progress') } },
  { step: 'open', from: 'in_progress_unpaid', ok: { creator: opened('in_progress'), editor: opened('in_progress') } },
  { step: 'open', from: 'delivered', ok: { creator: opened('delivered'), editor: opened('delivered') } },
  { step: 'open', from: 'changes_requested', ok: { creator: opened('changes_requested'), editor: opened('changes_requested') } },
  { step: 'open', from: 'completed', ok: { creator: opened('completed'), editor: opened('completed') } },
  // A dispute that ended leaves the order open to another.
  { step: 'open', from: 'dispute_withdrawn', ok: { creator: opened('in_progress'), editor: opened('in_progress') } },
  { step: 'open', from: 'offered', refused: both(notDisputable) },
  { step: 'open', from: 'awaiting_payment', refused: both(notDisputable) },
  { step: 'open', from: 'cancelled', refused: both(notDisputable) },
  { step: 'open', from: 'completed_past_window', refused: both(notDisputable) },
  { step: 'open', from: 'disputed', refused: both(c409(M.alreadyOpen)) },
];

// prettier-ignore
const ROWS: DisputeRow[] = [
  // Answering: the side that did not open it, once, while it waits for an answer.
  { step: 'answer', from: 'awaiting_by_creator', ok: { editor: answered }, refused: { creator: f403(M.notYours) } },
  { step: 'answer', from: 'awaiting_by_editor', ok: { creator: answered }, refused: { editor: f403(M.notYours) } },
  { step: 'answer', from: 'answered_by_creator', refused: { creator: f403(M.notYours), editor: c409(M.alreadyAnswered) } },
  { step: 'answer', from: 'with_admins', refused: { creator: f403(M.notYours), editor: c409(M.alreadyAnswered) } },
  { step: 'answer', from: 'with_admins_unanswered', refused: { creator: f403(M.notYours), editor: c409(M.withAdmins) } },
  { step: 'answer', from: 'decided', refused: { creator: f403(M.notYours), editor: c409(M.notOpen) } },
  { step: 'answer', from: 'withdrawn', refused: { creator: f403(M.notYours), editor: c409(M.notOpen) } },
  { step: 'answer', from: 'settled', refused: { editor: f403(M.notYours), creator: c409(M.notOpen) } },

  // Sending to admins: either side, once the dispute is answered.
  { step: 'escalate', from: 'answered_by_creator', ok: { creator: escalated, editor: escalated } },
  { step: 'escalate', from: 'answered_by_editor', ok: { creator: escalated, editor: escalated } },
  { step: 'escalate', from: 'awaiting_by_creator', refused: both(c409(M.notAnswered)) },
  { step: 'escalate', from: 'awaiting_by_editor', refused: both(c409(M.notAnswered)) },
  { step: 'escalate', from: 'with_admins', refused: both(c409(M.withAdmins)) },
  { step: 'escalate', from: 'with_admins_unanswered', refused: both(c409(M.withAdmins)) },
  { step: 'escalate', from: 'decided', refused: both(c409(M.notOpen)) },
  { step: 'escalate', from: 'withdrawn', refused: both(c409(M.notOpen)) },
  { step: 'escalate', from: 'settled', refused: both(c409(M.notOpen)) },

  // Withdrawing: only the side that opened it, while it is open (with admins too).
  { step: 'withdraw', from: 'awaiting_by_creator', ok: { creator: withdrawn }, refused: { editor: f403(M.onlyOpener) } },
  { step: 'withdraw', from: 'awaiting_by_editor', ok: { editor: withdrawn }, refused: { creator: f403(M.onlyOpener) } },
  { step: 'withdraw', from: 'answered_by_creator', ok: { creator: withdrawn }, refused: { editor: f403(M.onlyOpener) } },
  { step: 'withdraw', from: 'with_admins', ok: { creator: withdrawn }, refused: { editor: f403(M.onlyOpener) } },
  { step: 'withdraw', from: 'decided', refused: { creator: c409(M.notOpen), editor: f403(M.onlyOpener) } },
  { step: 'withdraw', from: 'withdrawn', refused: { creator: c409(M.notOpen), editor: f403(M.onlyOpener) } },
  { step: 'withdraw', from: 'settled', refused: { editor: c409(M.notOpen), creator: f403(M.onlyOpener) } },

  // Deciding: admins, once the dispute is with them.
  { step: 'decide', from: 'with_admins', ok: { admin: released } },
  { step: 'decide', from: 'with_admins_unanswered', ok: { admin: released } },
  { step: 'decide', from: 'awaiting_by_creator', refused: { admin: c409(M.notWithAdmins) } },
  { step: 'decide', from: 'answered_by_editor', refused: { admin: c409(M.notWithAdmins) } },
  { step: 'decide', from: 'decided', refused: { admin: c409(M.notWithAdmins) } },
  { step: 'decide', from: 'withdrawn', refused: { admin: c409(M.notWithAdmins) } },
  { step: 'decide', from: 'settled', refused: { admin: c409(M.notWithAdmins) } },
];

// prettier-ignore
const JOB_ROWS: JobRow[] = [
  { from: 'awaiting_due', ok: { ...escalated } },
  { from: 'answered_due', ok: { ...escalated } },
  { from: 'with_admins', ok: null },
  { from: 'decided', ok: null },
  { from: 'withdrawn', ok: null },
  { from: 'settled', ok: null },
];

/** What people a row does not name are told: the route's 403 by role, or 404 for strangers. */
function routeRefusal(s: Step, who: Who): Refusal | null {
  const forbidden = f403('You are not allowed to do this');
  if (s === 'decide') return who === 'admin' ? null : forbidden;
  if (who === 'admin') return forbidden;
  if (who === 'otherCreator' || who === 'otherEditor')
    return [404, s === 'open' ? ORDER_MESSAGES.notFound : M.notFound];
  return null;
}

describe('disputes: every step × every actor', { timeout: 300_000 }, () => {
  let server: TestServer;
  let api: ApiClient;
  let people: Record<Who, TestUser>;
  let pair: Pair;
  let runDeadline: (id: string) => Promise<void>;

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    runDeadline = deadlineJob(server);
    const [creator, editor, otherCreator, otherEditor, admin] = await Promise.all([
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor'),
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor'),
      createTestUser(server.db, 'admin'),
    ]);
    people = { creator, editor, otherCreator, otherEditor, admin };
    pair = { creator, editor, roomId: await openRoom(api, creator, editor) };
    await openRoom(api, otherCreator, otherEditor);
  });
  afterAll(() => server?.close());

  /** A fresh ₹6,999 order in `state`, built with the API. */
  async function buildOrder(state: OrderState): Promise<string> {
    const { creator, editor, admin } = people;
    switch (state) {
      case 'offered':
        return (await sendOffer(api, editor, pair.roomId))._id;
      case 'awaiting_payment': {
        const offer = await sendOffer(api, editor, pair.roomId);
        await acceptOffer(api, creator, offer._id, true);
        return offer._id;
      }
      case 'in_progress':
        return (await paidOrder(api, server, pair))._id;
      case 'in_progress_unpaid': {
        const offer = await sendOffer(api, editor, pair.roomId);
        await acceptOffer(api, creator, offer._id, false);
        return offer._id;
      }
      case 'delivered':
        return (await paidDelivered(api, server, pair)).order._id;
      case 'changes_requested': {
        const { order, deliveryId } = await paidDelivered(api, server, pair);
        await requestChanges(api, creator, deliveryId);
        return order._id;
      }
      case 'completed':
      case 'completed_past_window': {
        const { order, deliveryId } = await paidDelivered(api, server, pair);
        const res = await api.post(`/api/deliveries/${deliveryId}/approve`, {}, { token: creator.token });
        expect(res.status).toBe(200);
        if (state === 'completed_past_window') await pastDisputeWindow(server, order._id);
        return order._id;
      }
      case 'cancelled': {
        const order = await paidOrder(api, server, pair);
        await step(api, admin, `/api/admin/orders/${order._id}/cancel`, { full: true, note: 'Resolved' });
        // Its refund lands from the gateway a moment later, with its own timeline event: not mid-row.
        await eventually(
          async () => eventTypes(await adminDetail(api, admin, order._id)).includes('refunded'),
          15_000,
        );
        return order._id;
      }
      case 'disputed': {
        const order = await paidOrder(api, server, pair);
        await openDispute(api, creator, order._id);
        return order._id;
      }
      case 'dispute_withdrawn': {
        const order = await paidOrder(api, server, pair);
        const d = await openDispute(api, editor, order._id);
        await disputeStep(api, editor, d._id, 'withdraw');
        return order._id;
      }
    }
  }

  /** A fresh paid order in progress with a dispute in `state`, built with the API. */
  async function buildDispute(state: DisputeState): Promise<{ orderId: string; disputeId: string }> {
    const { creator, editor, admin } = people;
    const orderId = (await paidOrder(api, server, pair))._id;
    const opener = state === 'awaiting_by_editor' || state === 'answered_by_editor' || state === 'settled';
    const d = await openDispute(api, opener ? editor : creator, orderId, { reason: 'late' });
    const done = { orderId, disputeId: d._id };
    if (state === 'awaiting_by_creator' || state === 'awaiting_by_editor') return done;
    if (state === 'awaiting_due') return (await pastRespondBy(server, d._id), done);
    if (state === 'withdrawn') return (await disputeStep(api, creator, d._id, 'withdraw'), done);
    if (state === 'with_admins_unanswered') {
      await pastRespondBy(server, d._id);
      await runDeadline(d._id);
      return done;
    }
    if (state === 'settled') {
      await step(api, editor, `/api/orders/${orderId}/extension`, {
        days: 2,
        reason: 'The footage came late',
      });
      await step(api, creator, `/api/orders/${orderId}/extension/accept`);
      return done;
    }
    await disputeStep(api, opener ? creator : editor, d._id, 'answer');
    if (state === 'answered_by_creator' || state === 'answered_by_editor') return done;
    if (state === 'answered_due') return (await pastRespondBy(server, d._id), done);
    await disputeStep(api, creator, d._id, 'escalate');
    if (state === 'with_admins') return done;
    await decide(api, admin, d._id, 'release');
    return done;
  }

  function perform(s: Step, who: Who, ids: { orderId: string; disputeId?: string }) {
    const token = people[who].token;
    switch (s) {
      case 'open':
        return api.post(
          `/api/orders/${ids.orderId}/dispute`,
          { reason: 'quality', statement: STATEMENT },
          { token },
        );
      case 'answer':
        return api.post(`/api/disputes/${ids.disputeId}/answer`, { statement: ANSWER }, { token });
      case 'decide':
        return api.post(
          `/api/admin/disputes/${ids.disputeId}/decide`,
          { decision: 'release', note: NOTE },
          { token },
        );
      default:
        return api.post(`/api/disputes/${ids.disputeId}/${s}`, {}, { token });
    }
  }

  interface Snapshot {
    order: OrderDetail;
    dispute: AdminDisputeRow | null;
  }
  async function snapshot(orderId: string, disputeId?: string): Promise<Snapshot> {
    return {
      order: await adminDetail(api, people.admin, orderId),
      dispute: disputeId ? await caseFile(api, people.admin, disputeId) : null,
    };
  }
  function expectUnchanged(before: Snapshot, after: Snapshot) {
    expect(after.order.data).toEqual(before.order.data);
    expect(after.order.events).toHaveLength(before.order.events.length);
    expect(after.dispute).toEqual(before.dispute);
  }
  /** The step's effect: the dispute's status, the order's freeze and status, one new timeline event. */
  function expectDone(want: Success, disputeId: string, before: Snapshot, after: Snapshot) {
    expect(after.dispute!.status).toBe(want.status);
    expect(after.order.data.status).toBe(want.order);
    const open = ['awaiting_response', 'answered', 'with_admins'].includes(want.status);
    expect(after.order.data.disputeId).toBe(open ? disputeId : null);
    const added = after.order.events.slice(before.order.events.length).map((e) => e.type);
    expect(added.filter((t) => t === want.event)).toHaveLength(1);
  }

  for (const row of OPEN_ROWS) {
    const allowed = Object.keys(row.ok ?? {}) as Who[];
    const title = `open from ${row.from}: ${allowed.length ? `${allowed.join(' and ')} may` : 'nobody may'}`;
    it(title, async () => {
      const refusedOrder = await buildOrder(row.from);
      const before = await snapshot(refusedOrder);
      for (const who of PEOPLE.filter((p) => !allowed.includes(p))) {
        const expected = routeRefusal('open', who) ?? row.refused?.[who];
        if (!expected) throw new Error(`row ${title} does not say what ${who} is told`);
        const res = await perform('open', who, { orderId: refusedOrder });
        expect({ who, status: res.status, message: res.body?.message }).toEqual({
          who,
          status: expected[0],
          message: expected[1],
        });
        expectUnchanged(before, await snapshot(refusedOrder));
      }
      for (const who of allowed) {
        const want = row.ok![who]!;
        const orderId = await buildOrder(row.from);
        const start = await snapshot(orderId);
        const res = await perform('open', who, { orderId });
        expect({ who, status: res.status }).toEqual({ who, status: 201 });
        expect(res.body.data).toMatchObject({ status: want.status, openedBy: who, reason: 'quality' });
        const after = await snapshot(orderId, res.body.data._id);
        expectDone(want, res.body.data._id, start, after);
        // The order's own screen no longer offers a second one.
        expect(after.order.data.actions).not.toContain('admin_cancel');
        const mine = await api.get(`/api/orders/${orderId}`, { token: people[who].token });
        expect(mine.body.data.actions).not.toContain('open_dispute');
      }
    });
  }

  for (const row of ROWS) {
    const allowed = Object.keys(row.ok ?? {}) as Who[];
    const title = `${row.step} from ${row.from}: ${allowed.length ? `${allowed.join(' and ')} may` : 'nobody may'}`;
    it(title, async () => {
      const refused = await buildDispute(row.from);
      const before = await snapshot(refused.orderId, refused.disputeId);
      for (const who of PEOPLE.filter((p) => !allowed.includes(p))) {
        const expected = routeRefusal(row.step, who) ?? row.refused?.[who];
        if (!expected) throw new Error(`row ${title} does not say what ${who} is told`);
        const res = await perform(row.step, who, refused);
        expect({ who, status: res.status, message: res.body?.message }).toEqual({
          who,
          status: expected[0],
          message: expected[1],
        });
        expectUnchanged(before, await snapshot(refused.orderId, refused.disputeId));
      }
      for (const who of allowed) {
        const want = row.ok![who]!;
        const built = await buildDispute(row.from);
        const start = await snapshot(built.orderId, built.disputeId);
        const res = await perform(row.step, who, built);
        expect({ who, status: res.status, message: res.body?.message }).toEqual({
          who,
          status: 200,
          message: undefined,
        });
        expect(res.body.data.status).toBe(want.status);
        expectDone(want, built.disputeId, start, await snapshot(built.orderId, built.disputeId));
      }
    });
  }

  for (const row of JOB_ROWS) {
    it(`job:response-deadline from ${row.from}: ${row.ok ? `${row.ok.status} (${row.ok.event})` : 'nothing to do'}`, async () => {
      const built = await buildDispute(row.from);
      const before = await snapshot(built.orderId, built.disputeId);
      await runDeadline(built.disputeId);
      const after = await snapshot(built.orderId, built.disputeId);
      if (!row.ok) return expectUnchanged(before, after);
      expectDone(row.ok, built.disputeId, before, after);
      expect(after.dispute!.escalatedAt).not.toBeNull();
      const added = after.order.events.slice(before.order.events.length);
      expect(added.map((e) => [e.type, e.actor])).toEqual([[row.ok.event, 'system']]);
      // Run twice, as a retried job would: the second run finds nothing to do.
      await runDeadline(built.disputeId);
      expectUnchanged(after, await snapshot(built.orderId, built.disputeId));
    });
  }

  it('job:response-deadline before the answer is due re-arms itself at respondBy and changes nothing', async () => {
    const { orderId, disputeId } = await buildDispute('awaiting_by_creator');
    const armed = await deadlineJobsOf(server, disputeId);
    expect(armed).toHaveLength(1);
    const before = await snapshot(orderId, disputeId);
    await runDeadline(disputeId);
    expectUnchanged(before, await snapshot(orderId, disputeId));
    const rearmed = await deadlineJobsOf(server, disputeId);
    expect(rearmed).toHaveLength(2);
    expect(rearmed[1]!.payload).toEqual({ disputeId });
    const due = new Date(before.dispute!.respondBy).getTime();
    expect(Math.abs(rearmed[1]!.runAfter.getTime() - due)).toBeLessThan(1000);
    // Opened now, answerable for DISPUTE_RESPONSE_HOURS (48 by default).
    const opened = new Date(before.dispute!.createdAt).getTime();
    expect(Math.abs(due - opened - 48 * 3_600_000)).toBeLessThan(5000);
  });
});
