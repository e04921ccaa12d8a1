import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_MESSAGES, ORDER_MESSAGES, type OrderStatus, type Role } from '@cutroom/contracts';
import { orders } from '../src/db/schema';
import { cancellationTimedOut } from '../src/modules/orders/cancellation-timeout';
import { orderKernel } from '../src/modules/orders/context';
import type { OrderKernel } from '../src/modules/orders/kernel';
import { expireOffer } from '../src/modules/orders/offers';
import { autoComplete, markLate } from '../src/modules/orders/deadlines';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import {
  acceptOffer,
  adminDetail,
  deliver,
  openRoom,
  payOrder,
  sendOffer,
  step,
  type OrderDetail,
} from './orders/fixtures';

/**
 * Every transition of an order × every actor, from the states where it matters. A row names the state
 * (built with the API on a fresh order), the action, who may take it (each on its own fresh order) and
 * what the order's own sides are told otherwise. Strangers' refusals follow from the route (see
 * `routeRefusal`). After every refusal the order and its timeline, as an admin reads them, are unchanged.
 *
 * Direct database writes only fast-forward time (a due date, an offer's or a cancellation's deadline, an
 * auto-complete time set in the past); the scheduled transitions ('job') are then run by calling the
 * job's handler from the server's own orders kernel, exactly what the job runner would call.
 */

type Who = 'creator' | 'editor' | 'otherCreator' | 'otherEditor' | 'admin';
const PEOPLE: Who[] = ['creator', 'editor', 'otherCreator', 'otherEditor', 'admin'];

type State =
  | 'offered'
  | 'offered_due'
  | 'expired'
  | 'declined'
  | 'awaiting_payment'
  | 'in_progress'
  | 'in_progress_due'
  | 'paid'
  | 'late'
  | 'delivered'
  | 'delivered_due'
  | 'delivered_extra'
  | 'changes_requested'
  | 'completed'
  | 'cancelled'
  | 'cancelled_after_delivery'
  | 'pending_by_creator'
  | 'pending_by_editor'
  | 'pending_by_creator_due';

type HttpAction =
  | 'accept'
  | 'decline'
  | 'withdraw'
  | 'pay'
  | 'cancel'
  | 'request_cancellation'
  | 'accept_cancellation'
  | 'decline_cancellation'
  | 'withdraw_cancellation'
  | 'extra_revision'
  | 'approve'
  | 'request_changes'
  | 'admin_cancel';
type JobAction = 'job:expire_offer' | 'job:auto_complete' | 'job:mark_late' | 'job:cancellation_timeout';

type Refusal = [status: number, message: string];
interface Success {
  status: OrderStatus;
  event: string;
}

interface HttpRow {
  action: HttpAction;
  from: State;
  /** Who may do it; each succeeds on a fresh order in `from`. */
  ok?: Partial<Record<Who, Success>>;
  /** What the order's own sides (and the admin for admin_cancel) are told when refused. */
  refused?: Partial<Record<Who, Refusal>>;
}
interface JobRow {
  action: JobAction;
  from: State;
  /** The job's outcome, or null: it finds nothing to do and changes nothing. */
  ok: Success | null;
}

const na = ORDER_MESSAGES.notAllowed;
const reviewed = DELIVERY_MESSAGES.alreadyDecided;
const both = (r: Refusal) => ({ creator: r, editor: r });
const c409 = (m: string): Refusal => [409, m];

// prettier-ignore
const ROWS: HttpRow[] = [
  // Offers: the creator accepts or declines, the editor withdraws; only while offered and not lapsed.
  { action: 'accept', from: 'offered', ok: { creator: { status: 'awaiting_payment', event: 'accepted' } } },
  { action: 'accept', from: 'offered_due', refused: { creator: c409(ORDER_MESSAGES.offerExpired) } },
  { action: 'accept', from: 'expired', refused: { creator: c409(ORDER_MESSAGES.offerExpired) } },
  { action: 'accept', from: 'declined', refused: { creator: c409(na('accept', 'declined')) } },
  { action: 'accept', from: 'awaiting_payment', refused: { creator: c409(na('accept', 'awaiting_payment')) } },
  { action: 'accept', from: 'in_progress', refused: { creator: c409(na('accept', 'in_progress')) } },
  { action: 'decline', from: 'offered', ok: { creator: { status: 'declined', event: 'declined' } } },
  { action: 'decline', from: 'expired', refused: { creator: c409(na('decline', 'expired')) } },
  { action: 'decline', from: 'awaiting_payment', refused: { creator: c409(na('decline', 'awaiting_payment')) } },
  { action: 'withdraw', from: 'offered', ok: { editor: { status: 'withdrawn', event: 'withdrawn' } } },
  { action: 'withdraw', from: 'declined', refused: { editor: c409(na('withdraw', 'declined')) } },
  { action: 'withdraw', from: 'awaiting_payment', refused: { editor: c409(na('withdraw', 'awaiting_payment')) } },

  // Paying: the creator, an unpaid order that is not waiting for a cancellation answer.
  { action: 'pay', from: 'awaiting_payment', ok: { creator: { status: 'awaiting_payment', event: 'payment_started' } } },
  { action: 'pay', from: 'in_progress', ok: { creator: { status: 'in_progress', event: 'payment_started' } } },
  { action: 'pay', from: 'offered', refused: { creator: c409(ORDER_MESSAGES.notPayable) } },
  { action: 'pay', from: 'expired', refused: { creator: c409(ORDER_MESSAGES.notPayable) } },
  { action: 'pay', from: 'paid', refused: { creator: c409(ORDER_MESSAGES.alreadyPaid) } },
  { action: 'pay', from: 'cancelled', refused: { creator: c409(ORDER_MESSAGES.notPayable) } },
  { action: 'pay', from: 'pending_by_editor', refused: { creator: c409(ORDER_MESSAGES.notPayable) } },

  // The creator's immediate cancel: unpaid and awaiting payment, or late.
  { action: 'cancel', from: 'awaiting_payment', ok: { creator: { status: 'cancelled', event: 'cancelled' } } },
  { action: 'cancel', from: 'late', ok: { creator: { status: 'cancelled', event: 'cancelled' } } },
  { action: 'cancel', from: 'paid', refused: { creator: c409(ORDER_MESSAGES.notLate) } },
  { action: 'cancel', from: 'in_progress', refused: { creator: c409(ORDER_MESSAGES.notLate) } },
  { action: 'cancel', from: 'delivered', refused: { creator: c409(na('cancel', 'delivered')) } },
  { action: 'cancel', from: 'offered', refused: { creator: c409(na('cancel', 'offered')) } },
  { action: 'cancel', from: 'completed', refused: { creator: c409(na('cancel', 'completed')) } },

  // Mutual cancellation: either side proposes in a working state; the other answers; the proposer withdraws.
  { action: 'request_cancellation', from: 'awaiting_payment', ok: { creator: { status: 'awaiting_payment', event: 'cancellation_requested' }, editor: { status: 'awaiting_payment', event: 'cancellation_requested' } } },
  { action: 'request_cancellation', from: 'in_progress', ok: { creator: { status: 'in_progress', event: 'cancellation_requested' }, editor: { status: 'in_progress', event: 'cancellation_requested' } } },
  { action: 'request_cancellation', from: 'delivered', ok: { creator: { status: 'delivered', event: 'cancellation_requested' }, editor: { status: 'delivered', event: 'cancellation_requested' } } },
  { action: 'request_cancellation', from: 'changes_requested', ok: { creator: { status: 'changes_requested', event: 'cancellation_requested' }, editor: { status: 'changes_requested', event: 'cancellation_requested' } } },
  { action: 'request_cancellation', from: 'pending_by_creator', refused: both(c409(ORDER_MESSAGES.cancellationPending)) },
  { action: 'request_cancellation', from: 'offered', refused: both(c409(na('propose cancelling', 'offered'))) },
  { action: 'request_cancellation', from: 'completed', refused: both(c409(na('propose cancelling', 'completed'))) },
  { action: 'request_cancellation', from: 'cancelled', refused: both(c409(na('propose cancelling', 'cancelled'))) },
  { action: 'accept_cancellation', from: 'pending_by_creator', ok: { editor: { status: 'cancelled', event: 'cancelled' } }, refused: { creator: c409(ORDER_MESSAGES.ownCancellation) } },
  { action: 'accept_cancellation', from: 'pending_by_editor', ok: { creator: { status: 'cancelled', event: 'cancelled' } }, refused: { editor: c409(ORDER_MESSAGES.ownCancellation) } },
  { action: 'accept_cancellation', from: 'in_progress', refused: both(c409(ORDER_MESSAGES.noCancellation)) },
  { action: 'accept_cancellation', from: 'completed', refused: both(c409(ORDER_MESSAGES.noCancellation)) },
  { action: 'decline_cancellation', from: 'pending_by_creator', ok: { editor: { status: 'in_progress', event: 'cancellation_declined' } }, refused: { creator: c409(ORDER_MESSAGES.ownCancellation) } },
  { action: 'decline_cancellation', from: 'pending_by_editor', ok: { creator: { status: 'in_progress', event: 'cancellation_declined' } }, refused: { editor: c409(ORDER_MESSAGES.ownCancellation) } },
  { action: 'decline_cancellation', from: 'delivered', refused: both(c409(ORDER_MESSAGES.noCancellation)) },
  { action: 'withdraw_cancellation', from: 'pending_by_creator', ok: { creator: { status: 'in_progress', event: 'cancellation_withdrawn' } }, refused: { editor: c409(ORDER_MESSAGES.noCancellation) } },
  { action: 'withdraw_cancellation', from: 'pending_by_editor', ok: { editor: { status: 'in_progress', event: 'cancellation_withdrawn' } }, refused: { creator: c409(ORDER_MESSAGES.noCancellation) } },
  { action: 'withdraw_cancellation', from: 'cancelled', refused: both(c409(ORDER_MESSAGES.noCancellation)) },

  // An extra revision: the editor, on a delivery whose changes were asked for with none left.
  { action: 'extra_revision', from: 'delivered_extra', ok: { editor: { status: 'changes_requested', event: 'extra_revision_accepted' } } },
  { action: 'extra_revision', from: 'delivered', refused: { editor: c409(ORDER_MESSAGES.noExtraRevision) } },
  { action: 'extra_revision', from: 'in_progress', refused: { editor: c409(ORDER_MESSAGES.noExtraRevision) } },
  { action: 'extra_revision', from: 'completed', refused: { editor: c409(ORDER_MESSAGES.noExtraRevision) } },

  // Reviewing the delivery: the creator approves (completes) or asks for changes (uses a revision).
  { action: 'approve', from: 'delivered', ok: { creator: { status: 'completed', event: 'completed' } } },
  { action: 'approve', from: 'delivered_extra', ok: { creator: { status: 'completed', event: 'completed' } } },
  { action: 'approve', from: 'changes_requested', refused: { creator: c409(reviewed) } },
  { action: 'approve', from: 'completed', refused: { creator: c409(reviewed) } },
  { action: 'approve', from: 'cancelled_after_delivery', refused: { creator: c409(na('review', 'cancelled')) } },
  { action: 'request_changes', from: 'delivered', ok: { creator: { status: 'changes_requested', event: 'changes_requested' } } },
  { action: 'request_changes', from: 'delivered_extra', ok: { creator: { status: 'delivered', event: 'extra_revision_requested' } } },
  { action: 'request_changes', from: 'changes_requested', refused: { creator: c409(reviewed) } },
  { action: 'request_changes', from: 'completed', refused: { creator: c409(reviewed) } },
  { action: 'request_changes', from: 'cancelled_after_delivery', refused: { creator: c409(na('review', 'cancelled')) } },

  // Admins cancel anything that became an order and is not closed (completed included).
  { action: 'admin_cancel', from: 'awaiting_payment', ok: { admin: { status: 'cancelled', event: 'cancelled' } } },
  { action: 'admin_cancel', from: 'in_progress', ok: { admin: { status: 'cancelled', event: 'cancelled' } } },
  { action: 'admin_cancel', from: 'delivered', ok: { admin: { status: 'cancelled', event: 'cancelled' } } },
  { action: 'admin_cancel', from: 'completed', ok: { admin: { status: 'cancelled', event: 'cancelled' } } },
  { action: 'admin_cancel', from: 'offered', refused: { admin: c409(na('cancel', 'offered')) } },
  { action: 'admin_cancel', from: 'expired', refused: { admin: c409(na('cancel', 'expired')) } },
  { action: 'admin_cancel', from: 'cancelled', refused: { admin: c409(na('cancel', 'cancelled')) } },
];

// prettier-ignore
const JOB_ROWS: JobRow[] = [
  { action: 'job:expire_offer', from: 'offered_due', ok: { status: 'expired', event: 'expired' } },
  { action: 'job:expire_offer', from: 'offered', ok: null },
  { action: 'job:expire_offer', from: 'awaiting_payment', ok: null },
  { action: 'job:auto_complete', from: 'delivered_due', ok: { status: 'completed', event: 'auto_completed' } },
  { action: 'job:auto_complete', from: 'delivered', ok: null },
  { action: 'job:auto_complete', from: 'changes_requested', ok: null },
  { action: 'job:mark_late', from: 'in_progress_due', ok: { status: 'in_progress', event: 'late' } },
  { action: 'job:mark_late', from: 'in_progress', ok: null },
  { action: 'job:mark_late', from: 'delivered', ok: null },
  { action: 'job:cancellation_timeout', from: 'pending_by_creator_due', ok: { status: 'cancelled', event: 'cancelled' } },
  { action: 'job:cancellation_timeout', from: 'pending_by_creator', ok: null },
];

/** Which roles each route lets in before the order is looked at (others get the route's 403). */
const ROUTE_ROLES: Record<HttpAction, Role[]> = {
  accept: ['creator'],
  decline: ['creator'],
  withdraw: ['editor'],
  pay: ['creator'],
  cancel: ['creator'],
  request_cancellation: ['creator', 'editor'],
  accept_cancellation: ['creator', 'editor'],
  decline_cancellation: ['creator', 'editor'],
  withdraw_cancellation: ['creator', 'editor'],
  extra_revision: ['editor'],
  approve: ['creator'],
  request_changes: ['creator'],
  admin_cancel: ['admin'],
};
const ROLE_OF: Record<Who, Role> = {
  creator: 'creator',
  editor: 'editor',
  otherCreator: 'creator',
  otherEditor: 'editor',
  admin: 'admin',
};

/** What someone the row does not name is told: the route's 403, or that the order does not exist. */
function routeRefusal(action: HttpAction, who: Who): Refusal | null {
  if (!ROUTE_ROLES[action].includes(ROLE_OF[who])) return [403, 'You are not allowed to do this'];
  if (who === 'otherCreator' || who === 'otherEditor') {
    return [
      404,
      action === 'approve' || action === 'request_changes'
        ? DELIVERY_MESSAGES.notFound
        : ORDER_MESSAGES.notFound,
    ];
  }
  return null;
}

describe('orders: every transition × every actor', { timeout: 120_000 }, () => {
  let server: TestServer;
  let api: ApiClient;
  let k: OrderKernel;
  let people: Record<Who, TestUser>;
  let roomId: string;

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
    roomId = await openRoom(api, creator, editor);
    // The strangers are a pair of their own, so they are real members of the marketplace.
    await openRoom(api, otherCreator, otherEditor);
  });
  afterAll(() => server?.close());

  /** Fast-forwards one of the order's clocks into the past (nothing else is written directly). */
  const past = (orderId: string, field: 'dueAt' | 'offerExpiresAt' | 'autoCompleteAt') =>
    server.db
      .update(orders)
      .set({ [field]: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, orderId));
  const pastRespondBy = (orderId: string) =>
    server.db
      .update(orders)
      .set({ cancellationRespondBy: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, orderId));

  interface Built {
    orderId: string;
    deliveryId?: string;
  }

  /** A fresh order in `state`, built with the API as the two sides would. */
  async function build(state: State): Promise<Built> {
    const { creator, editor, admin } = people;
    const offer = async (revisions = 1) => (await sendOffer(api, editor, roomId, { revisions }))._id;
    const payLater = async (revisions = 1) => {
      const id = await offer(revisions);
      await acceptOffer(api, creator, id, false);
      return id;
    };
    const delivered = async (revisions = 1): Promise<Built> => {
      const orderId = await payLater(revisions);
      return { orderId, deliveryId: (await deliver(api, editor, roomId, orderId))._id };
    };
    switch (state) {
      case 'offered':
        return { orderId: await offer() };
      case 'offered_due': {
        const orderId = await offer();
        await past(orderId, 'offerExpiresAt');
        return { orderId };
      }
      case 'expired': {
        const orderId = await offer();
        await past(orderId, 'offerExpiresAt');
        await expireOffer(k, orderId);
        return { orderId };
      }
      case 'declined': {
        const orderId = await offer();
        await step(api, creator, `/api/orders/${orderId}/decline`);
        return { orderId };
      }
      case 'awaiting_payment': {
        const orderId = await offer();
        await acceptOffer(api, creator, orderId, true);
        return { orderId };
      }
      case 'in_progress':
        return { orderId: await payLater() };
      case 'in_progress_due': {
        const orderId = await payLater();
        await past(orderId, 'dueAt');
        return { orderId };
      }
      case 'paid':
      case 'late': {
        const { orderId } = await build('awaiting_payment');
        await payOrder(api, server, creator, orderId);
        if (state === 'late') await past(orderId, 'dueAt');
        return { orderId };
      }
      case 'delivered':
        return delivered();
      case 'delivered_due': {
        const built = await delivered();
        await past(built.orderId, 'autoCompleteAt');
        return built;
      }
      case 'delivered_extra': {
        const built = await delivered(0);
        const res = await api.post(
          `/api/deliveries/${built.deliveryId}/request-changes`,
          { note: 'Warmer colours' },
          { token: creator.token },
        );
        expect(res.body.message).toBe(ORDER_MESSAGES.noRevisionsLeft);
        return built;
      }
      case 'changes_requested': {
        const built = await delivered(1);
        const res = await api.post(
          `/api/deliveries/${built.deliveryId}/request-changes`,
          { note: 'Shorter intro' },
          { token: creator.token },
        );
        expect(res.status).toBe(200);
        return built;
      }
      case 'completed': {
        const built = await delivered();
        const res = await api.post(`/api/deliveries/${built.deliveryId}/approve`, undefined, {
          token: creator.token,
        });
        expect(res.status).toBe(200);
        return built;
      }
      case 'cancelled': {
        const { orderId } = await build('awaiting_payment');
        await step(api, creator, `/api/orders/${orderId}/cancel`);
        return { orderId };
      }
      case 'cancelled_after_delivery': {
        const built = await delivered();
        await step(api, admin, `/api/admin/orders/${built.orderId}/cancel`, {
          full: true,
          note: 'Resolved by support',
        });
        return built;
      }
      case 'pending_by_creator':
      case 'pending_by_editor':
      case 'pending_by_creator_due': {
        const orderId = await payLater();
        const side = state === 'pending_by_editor' ? editor : creator;
        await step(api, side, `/api/orders/${orderId}/cancellation`, { reason: 'Plans changed' });
        if (state === 'pending_by_creator_due') await pastRespondBy(orderId);
        return { orderId };
      }
    }
  }

  function perform(action: HttpAction, who: Who, built: Built) {
    const token = people[who].token;
    const o = `/api/orders/${built.orderId}`;
    const d = `/api/deliveries/${built.deliveryId}`;
    const paths: Record<HttpAction, [string, unknown]> = {
      accept: [`${o}/accept`, { payNow: true }],
      decline: [`${o}/decline`, {}],
      withdraw: [`${o}/withdraw`, {}],
      pay: [`${o}/pay`, { phone: '9876543210' }],
      cancel: [`${o}/cancel`, {}],
      request_cancellation: [`${o}/cancellation`, { reason: 'Plans changed' }],
      accept_cancellation: [`${o}/cancellation/accept`, {}],
      decline_cancellation: [`${o}/cancellation/decline`, {}],
      withdraw_cancellation: [`${o}/cancellation/withdraw`, {}],
      extra_revision: [`${o}/extra-revision`, {}],
      approve: [`${d}/approve`, {}],
      request_changes: [`${d}/request-changes`, { note: 'Another pass on the colours' }],
      admin_cancel: [`/api/admin/orders/${built.orderId}/cancel`, { full: true, note: 'Resolved' }],
    };
    const [path, body] = paths[action];
    return api.post(path, body, { token });
  }

  const detail = (orderId: string) => adminDetail(api, people.admin, orderId);

  function expectUnchanged(before: OrderDetail, after: OrderDetail) {
    expect(after.data).toEqual(before.data);
    expect(after.events).toHaveLength(before.events.length);
  }

  for (const row of ROWS) {
    const allowed = Object.keys(row.ok ?? {}) as Who[];
    const title = `${row.action} from ${row.from}: ${allowed.length ? `${allowed.join(' and ')} may` : 'nobody may'}`;
    it(title, async () => {
      // Everyone else is refused, one after another on the same order, which never moves.
      const refusedOrder = await build(row.from);
      const before = await detail(refusedOrder.orderId);
      for (const who of PEOPLE.filter((p) => !allowed.includes(p))) {
        const expected = routeRefusal(row.action, who) ?? row.refused?.[who];
        if (!expected) throw new Error(`row ${title} does not say what ${who} is told`);
        const res = await perform(row.action, who, refusedOrder);
        expect({ who, status: res.status, message: res.body?.message }).toEqual({
          who,
          status: expected[0],
          message: expected[1],
        });
        expectUnchanged(before, await detail(refusedOrder.orderId));
      }
      // Each one allowed succeeds, on a fresh order of its own.
      for (const who of allowed) {
        const want = row.ok![who]!;
        const built = await build(row.from);
        const start = await detail(built.orderId);
        const res = await perform(row.action, who, built);
        expect({ who, status: res.status }).toEqual({ who, status: row.action === 'pay' ? 201 : 200 });
        const after = await detail(built.orderId);
        expect(after.data.status).toBe(want.status);
        const added = after.events.slice(start.events.length).map((e) => e.type);
        expect(added[0]).toBe(want.event);
        expect(added.filter((t) => t === want.event)).toHaveLength(1);
      }
    });
  }

  const requestedAt = new Map<string, string>();
  const jobs: Record<JobAction, (orderId: string) => Promise<void>> = {
    'job:expire_offer': (id) => expireOffer(k, id),
    'job:auto_complete': (id) => autoComplete(k, id),
    'job:mark_late': (id) => markLate(k, id),
    'job:cancellation_timeout': async (id) => {
      // The job carries the time of the request it was scheduled for (kept for the second run).
      if (!requestedAt.has(id)) {
        const [row] = await server.db.select().from(orders).where(eq(orders.id, id));
        requestedAt.set(id, row!.cancellationRequestedAt!.toISOString());
      }
      await cancellationTimedOut(k, id, requestedAt.get(id)!);
    },
  };

  for (const row of JOB_ROWS) {
    it(`${row.action} from ${row.from}: ${row.ok ? row.ok.status : 'nothing to do'}`, async () => {
      const built = await build(row.from);
      const before = await detail(built.orderId);
      await jobs[row.action](built.orderId);
      const after = await detail(built.orderId);
      if (!row.ok) return expectUnchanged(before, after);
      expect(after.data.status).toBe(row.ok.status);
      const added = after.events.slice(before.events.length);
      expect(added.map((e) => [e.type, e.actor])).toEqual([[row.ok.event, 'system']]);
      if (row.action === 'job:mark_late') expect(after.data.late).toBe(true);
      if (row.action === 'job:cancellation_timeout') expect(after.data.cancelledBy).toBe('system');
      // Run twice, as a retried job would: the second run finds nothing to do.
      await jobs[row.action](built.orderId);
      expectUnchanged(after, await detail(built.orderId));
    });
  }
});
