import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, type OrderStatus } from '@cutroom/contracts';
import { orders } from '../src/db/schema';
import { orderKernel } from '../src/modules/orders/context';
import { autoComplete } from '../src/modules/orders/deadlines';
import type { OrderKernel } from '../src/modules/orders/kernel';
import { settlementLapsed } from '../src/modules/orders/settlement';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { eventually } from './fakes/payment-fixtures';
import {
  acceptOffer,
  adminDetail,
  deliver,
  eventTypes,
  openRoom,
  sendOffer,
  step,
  type OrderDetail,
} from './orders/fixtures';
import {
  lapseJobsOf,
  paidDelivered,
  paidOrder,
  pastSettlementRespondBy,
  propose,
  proposedAtOf,
  requestChanges,
  type Pair,
} from './orders/settlement-fixtures';

/**
 * Settling for a different amount, every step × every actor (issue 26), in the style of
 * orders-transitions.test.ts: a row names the state (built with the API on a fresh ₹6,999 order), the
 * step, who may take it (each on its own fresh order) and what the order's own sides are told otherwise.
 * Strangers and admins are refused by the route (404, 403). After every refusal the order and its
 * timeline, as an admin reads them, are unchanged.
 *
 * The lapse and auto-complete jobs are run by calling their handlers from the server's own orders
 * kernel, exactly what the job runner calls; time is only fast-forwarded by writing a deadline.
 */

type Who = 'creator' | 'editor' | 'otherCreator' | 'otherEditor' | 'admin';
const PEOPLE: Who[] = ['creator', 'editor', 'otherCreator', 'otherEditor', 'admin'];

type State =
  | 'in_progress'
  | 'delivered'
  | 'changes_requested'
  | 'delivered_unpaid'
  | 'completed'
  | 'cancelled'
  | 'settled'
  | 'pending_by_creator'
  | 'pending_by_editor'
  | 'pending_by_editor_changes'
  | 'pending_by_editor_due'
  | 'pending_by_creator_auto_due';

type Step = 'propose' | 'accept' | 'decline' | 'withdraw';
type JobStep = 'job:lapse' | 'job:auto_complete';

type Refusal = [status: number, message: string];
interface Success {
  status: OrderStatus;
  event: string;
  /** Who proposes afterwards (null: nothing pending). */
  pending: 'creator' | 'editor' | null;
}
interface Row {
  step: Step;
  from: State;
  ok?: Partial<Record<Who, Success>>;
  refused?: Partial<Record<Who, Refusal>>;
}
interface JobRow {
  step: JobStep;
  from: State;
  /** The job's outcome, or null: it finds nothing to do and changes nothing. */
  ok: Success | null;
}

const na = ORDER_MESSAGES.notAllowed;
const c409 = (m: string): Refusal => [409, m];
const both = (r: Refusal) => ({ creator: r, editor: r });
const VERB: Record<Step, string> = {
  propose: 'settle',
  accept: 'accept the settlement of',
  decline: 'decline the settlement of',
  withdraw: 'withdraw the settlement of',
};
const proposed = (status: OrderStatus, by: 'creator' | 'editor'): Success => ({
  status,
  event: 'settlement_proposed',
  pending: by,
});
const settled: Success = { status: 'completed', event: 'settled', pending: null };
const closed = (status: OrderStatus, event: string): Success => ({ status, event, pending: null });

// prettier-ignore
const ROWS: Row[] = [
  // Proposing: either side, on a paid order that was delivered (under review or with changes asked).
  { step: 'propose', from: 'delivered', ok: { creator: proposed('delivered', 'creator'), editor: proposed('delivered', 'editor') } },
  { step: 'propose', from: 'changes_requested', ok: { creator: proposed('changes_requested', 'creator'), editor: proposed('changes_requested', 'editor') } },
  { step: 'propose', from: 'in_progress', refused: both(c409(ORDER_MESSAGES.notSettleable)) },
  { step: 'propose', from: 'delivered_unpaid', refused: both(c409(ORDER_MESSAGES.notSettleable)) },
  { step: 'propose', from: 'completed', refused: both(c409(ORDER_MESSAGES.notSettleable)) },
  { step: 'propose', from: 'settled', refused: both(c409(ORDER_MESSAGES.notSettleable)) },
  { step: 'propose', from: 'cancelled', refused: both(c409(ORDER_MESSAGES.notSettleable)) },
  { step: 'propose', from: 'pending_by_creator', refused: both(c409(ORDER_MESSAGES.settlementPending)) },
  { step: 'propose', from: 'pending_by_editor', refused: both(c409(ORDER_MESSAGES.settlementPending)) },

  // Accepting: the side that did not propose; the order completes.
  { step: 'accept', from: 'pending_by_creator', ok: { editor: settled }, refused: { creator: c409(ORDER_MESSAGES.ownSettlement) } },
  { step: 'accept', from: 'pending_by_editor', ok: { creator: settled }, refused: { editor: c409(ORDER_MESSAGES.ownSettlement) } },
  { step: 'accept', from: 'pending_by_editor_changes', ok: { creator: settled }, refused: { editor: c409(ORDER_MESSAGES.ownSettlement) } },
  { step: 'accept', from: 'delivered', refused: both(c409(ORDER_MESSAGES.noSettlement)) },
  { step: 'accept', from: 'changes_requested', refused: both(c409(ORDER_MESSAGES.noSettlement)) },
  { step: 'accept', from: 'in_progress', refused: both(c409(na(VERB.accept, 'in_progress'))) },
  { step: 'accept', from: 'delivered_unpaid', refused: both(c409(na(VERB.accept, 'delivered'))) },
  { step: 'accept', from: 'completed', refused: both(c409(na(VERB.accept, 'completed'))) },
  { step: 'accept', from: 'settled', refused: both(c409(na(VERB.accept, 'completed'))) },
  { step: 'accept', from: 'cancelled', refused: both(c409(na(VERB.accept, 'cancelled'))) },

  // Declining: the side that did not propose; the order goes on where it was.
  { step: 'decline', from: 'pending_by_creator', ok: { editor: closed('delivered', 'settlement_declined') }, refused: { creator: c409(ORDER_MESSAGES.ownSettlement) } },
  { step: 'decline', from: 'pending_by_editor', ok: { creator: closed('delivered', 'settlement_declined') }, refused: { editor: c409(ORDER_MESSAGES.ownSettlement) } },
  { step: 'decline', from: 'pending_by_editor_changes', ok: { creator: closed('changes_requested', 'settlement_declined') }, refused: { editor: c409(ORDER_MESSAGES.ownSettlement) } },
  { step: 'decline', from: 'delivered', refused: both(c409(ORDER_MESSAGES.noSettlement)) },
  { step: 'decline', from: 'in_progress', refused: both(c409(na(VERB.decline, 'in_progress'))) },
  { step: 'decline', from: 'settled', refused: both(c409(na(VERB.decline, 'completed'))) },
  { step: 'decline', from: 'cancelled', refused: both(c409(na(VERB.decline, 'cancelled'))) },

  // Withdrawing: only the side that proposed.
  { step: 'withdraw', from: 'pending_by_creator', ok: { creator: closed('delivered', 'settlement_withdrawn') }, refused: { editor: c409(ORDER_MESSAGES.noSettlement) } },
  { step: 'withdraw', from: 'pending_by_editor', ok: { editor: closed('delivered', 'settlement_withdrawn') }, refused: { creator: c409(ORDER_MESSAGES.noSettlement) } },
  { step: 'withdraw', from: 'pending_by_editor_changes', ok: { editor: closed('changes_requested', 'settlement_withdrawn') }, refused: { creator: c409(ORDER_MESSAGES.noSettlement) } },
  { step: 'withdraw', from: 'delivered', refused: both(c409(ORDER_MESSAGES.noSettlement)) },
  { step: 'withdraw', from: 'delivered_unpaid', refused: both(c409(na(VERB.withdraw, 'delivered'))) },
  { step: 'withdraw', from: 'settled', refused: both(c409(na(VERB.withdraw, 'completed'))) },
  { step: 'withdraw', from: 'cancelled', refused: both(c409(na(VERB.withdraw, 'cancelled'))) },
];

// prettier-ignore
const JOB_ROWS: JobRow[] = [
  { step: 'job:lapse', from: 'pending_by_editor_due', ok: { status: 'delivered', event: 'settlement_lapsed', pending: null } },
  { step: 'job:lapse', from: 'pending_by_editor', ok: null },
  { step: 'job:auto_complete', from: 'pending_by_creator_auto_due', ok: { status: 'completed', event: 'auto_completed', pending: null } },
  { step: 'job:auto_complete', from: 'pending_by_creator', ok: null },
];

/** What people the rows do not name are told: the route's 403 for admins, 404 for strangers. */
function routeRefusal(who: Who): Refusal | null {
  if (who === 'admin') return [403, 'You are not allowed to do this'];
  if (who === 'otherCreator' || who === 'otherEditor') return [404, ORDER_MESSAGES.notFound];
  return null;
}

describe('settling for a different amount: every step × every actor', { timeout: 180_000 }, () => {
  let server: TestServer;
  let api: ApiClient;
  let k: OrderKernel;
  let people: Record<Who, TestUser>;
  let pair: Pair;

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    k = orderKernel(server.app);
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
  async function build(state: State): Promise<{ orderId: string }> {
    const { creator, editor, admin } = people;
    switch (state) {
      case 'in_progress':
        return { orderId: (await paidOrder(api, server, pair))._id };
      case 'delivered':
        return { orderId: (await paidDelivered(api, server, pair)).order._id };
      case 'changes_requested': {
        const { order, deliveryId } = await paidDelivered(api, server, pair);
        await requestChanges(api, creator, deliveryId);
        return { orderId: order._id };
      }
      case 'delivered_unpaid': {
        const offer = await sendOffer(api, editor, pair.roomId);
        await acceptOffer(api, creator, offer._id, false);
        await deliver(api, editor, pair.roomId, offer._id);
        return { orderId: offer._id };
      }
      case 'completed': {
        const { order, deliveryId } = await paidDelivered(api, server, pair);
        const res = await api.post(`/api/deliveries/${deliveryId}/approve`, {}, { token: creator.token });
        expect(res.status).toBe(200);
        return { orderId: order._id };
      }
      case 'cancelled': {
        const { order } = await paidDelivered(api, server, pair);
        await step(api, admin, `/api/admin/orders/${order._id}/cancel`, { full: true, note: 'Resolved' });
        await refundRecorded(order._id);
        return { orderId: order._id };
      }
      case 'settled': {
        const { orderId } = await build('pending_by_creator');
        await step(api, editor, `/api/orders/${orderId}/settlement/accept`);
        await refundRecorded(orderId);
        return { orderId };
      }
      case 'pending_by_creator':
      case 'pending_by_editor':
      case 'pending_by_editor_due':
      case 'pending_by_creator_auto_due': {
        const { order } = await paidDelivered(api, server, pair);
        const by =
          state === 'pending_by_creator' || state === 'pending_by_creator_auto_due' ? creator : editor;
        await propose(api, by, order._id, 4000, 'Only the first half is usable');
        if (state === 'pending_by_editor_due') await pastSettlementRespondBy(server, order._id);
        if (state === 'pending_by_creator_auto_due') {
          await server.db
            .update(orders)
            .set({ autoCompleteAt: new Date(Date.now() - 60_000) })
            .where(eq(orders.id, order._id));
        }
        return { orderId: order._id };
      }
      case 'pending_by_editor_changes': {
        const { orderId } = await build('changes_requested');
        await propose(api, editor, orderId, 4000, 'Two revisions were enough');
        return { orderId };
      }
    }
  }

  /**
   * The refund of a cancellation or a settlement lands after the step, from the gateway, and adds its
   * `refunded` event to the timeline: waited for, so it does not land in the middle of a row's refusals.
   */
  async function refundRecorded(orderId: string) {
    await eventually(
      async () => eventTypes(await adminDetail(api, people.admin, orderId)).includes('refunded'),
      15_000,
    );
  }

  function perform(s: Step, who: Who, orderId: string) {
    const path = s === 'propose' ? 'settlement' : `settlement/${s}`;
    const body = s === 'propose' ? { amount: 4000, reason: 'Only the first half is usable' } : {};
    return api.post(`/api/orders/${orderId}/${path}`, body, { token: people[who].token });
  }

  const detail = (orderId: string) => adminDetail(api, people.admin, orderId);
  function expectUnchanged(before: OrderDetail, after: OrderDetail) {
    expect(after.data).toEqual(before.data);
    expect(after.events).toHaveLength(before.events.length);
  }

  for (const row of ROWS) {
    const allowed = Object.keys(row.ok ?? {}) as Who[];
    const title = `${row.step} from ${row.from}: ${allowed.length ? `${allowed.join(' and ')} may` : 'nobody may'}`;
    it(title, async () => {
      const refusedOrder = await build(row.from);
      const before = await detail(refusedOrder.orderId);
      for (const who of PEOPLE.filter((p) => !allowed.includes(p))) {
        const expected = routeRefusal(who) ?? row.refused?.[who];
        if (!expected) throw new Error(`row ${title} does not say what ${who} is told`);
        const res = await perform(row.step, who, refusedOrder.orderId);
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
        const res = await perform(row.step, who, built.orderId);
        expect({ who, status: res.status }).toEqual({ who, status: 200 });
        expect(res.body.data.status).toBe(want.status);
        const after = await detail(built.orderId);
        expect(after.data.status).toBe(want.status);
        expect(after.data.settlement?.proposedBy ?? null).toBe(want.pending);
        const added = after.events.slice(start.events.length).map((e) => e.type);
        expect(added[0]).toBe(want.event);
        expect(added.filter((t) => t === want.event)).toHaveLength(1);
        if (want.pending) {
          expect(after.data.settlement).toMatchObject({
            amount: 4000,
            reason: 'Only the first half is usable',
          });
          // The other side may answer; the proposer may only take it back.
          const mine = res.body.data.actions as string[];
          expect(mine.filter((a) => a.endsWith('_settlement'))).toEqual(['withdraw_settlement']);
        } else {
          expect(after.data.actions.filter((a) => a.endsWith('_settlement'))).toEqual([]);
        }
      }
    });
  }

  const proposedAt = new Map<string, string>();
  const jobs: Record<JobStep, (orderId: string) => Promise<void>> = {
    'job:lapse': async (id) => {
      // The job carries the time of the proposal it was scheduled for (kept for the second run).
      if (!proposedAt.has(id)) {
        const [row] = await server.db.select().from(orders).where(eq(orders.id, id));
        proposedAt.set(id, row!.settlementProposedAt?.toISOString() ?? new Date(0).toISOString());
      }
      await settlementLapsed(k, id, proposedAt.get(id)!);
    },
    'job:auto_complete': (id) => autoComplete(k, id),
  };

  for (const row of JOB_ROWS) {
    it(`${row.step} from ${row.from}: ${row.ok ? `${row.ok.status} (${row.ok.event})` : 'nothing to do'}`, async () => {
      const built = await build(row.from);
      const before = await detail(built.orderId);
      await jobs[row.step](built.orderId);
      const after = await detail(built.orderId);
      if (!row.ok) return expectUnchanged(before, after);
      expect(after.data.status).toBe(row.ok.status);
      expect(after.data.settlement).toBeNull();
      const added = after.events.slice(before.events.length);
      expect(added.map((e) => [e.type, e.actor])).toEqual([[row.ok.event, 'system']]);
      // Run twice, as a retried job would: the second run finds nothing to do.
      await jobs[row.step](built.orderId);
      expectUnchanged(after, await detail(built.orderId));
    });
  }

  it('job:lapse before the answer is due re-arms itself at respondBy and changes nothing', async () => {
    const { orderId } = await build('pending_by_editor');
    const at = await proposedAtOf(server, orderId);
    const armed = await lapseJobsOf(server, orderId);
    expect(armed).toHaveLength(1);
    const before = await detail(orderId);
    await settlementLapsed(k, orderId, at);
    expectUnchanged(before, await detail(orderId));
    const rearmed = await lapseJobsOf(server, orderId);
    expect(rearmed).toHaveLength(2);
    expect(rearmed[1]!.payload).toEqual({ orderId, proposedAt: at });
    // Scheduled as a delay from now, so within a moment of the deadline (and not before it).
    const due = new Date(before.data.settlement!.respondBy).getTime();
    expect(Math.abs(rearmed[1]!.runAfter.getTime() - due)).toBeLessThan(1000);
    expect(rearmed[1]!.status).toBe('queued');
  });
});
