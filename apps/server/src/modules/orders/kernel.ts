import { eq, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  DISPUTE_MESSAGES,
  ORDER_MESSAGES,
  SETTLEABLE_ORDER_STATUSES,
  canTakeOrderAction,
  isOfferExpired,
  type ModerationSource,
  type Order,
  type OrderAction,
} from '@cutroom/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';
import { conflict, forbidden, notFound, type HttpError } from '../../lib/http-error';
import type { JobRunner } from '../../lib/jobs';
import type { AppEvents, FlagPlace, OrderReviewDecided } from '../../events';
import type { SessionUser } from '../auth';
import type { ChatService } from '../chat';
import type { Notifier } from '../notifications';
import { refundTotalsOf, type PaymentsContext } from '../payments';
import type { Suspicion } from '../../lib/contact-screen';
import { OrderEffects, type OrderAnnouncer } from './effects';
import { findOrderRecord, lockOrder, type OrderRow } from './records';
import { transition, type OrderChange, type OrderEventInput } from './transitions';
import { ruleState, toOrder, viewerOf } from './shape';

export type Actor = Pick<SessionUser, 'id' | 'role'>;

export interface OrderDeps {
  db: Db;
  jobs: JobRunner;
  config: Config;
  log: FastifyBaseLogger;
  chat: ChatService;
  announcer: OrderAnnouncer;
  payments: () => PaymentsContext;
  events: AppEvents;
  /** Marks a side's notices of an order read once they acted on it. */
  notices: Pick<Notifier, 'markReadFor'>;
}

const CREATOR_ACTIONS: readonly OrderAction[] = [
  'accept',
  'decline',
  'pay',
  'cancel',
  'review',
  'accept_extension',
  'decline_extension',
];
const EDITOR_ACTIONS: readonly OrderAction[] = [
  'withdraw',
  'deliver',
  'accept_extra_revision',
  'request_extension',
  'withdraw_extension',
];

const VERBS: Record<OrderAction, string> = {
  accept: 'accept',
  decline: 'decline',
  withdraw: 'withdraw',
  pay: 'pay for',
  cancel: 'cancel',
  request_cancellation: 'propose cancelling',
  accept_cancellation: 'accept the cancellation of',
  decline_cancellation: 'decline the cancellation of',
  withdraw_cancellation: 'withdraw the cancellation of',
  deliver: 'deliver',
  review: 'review',
  accept_extra_revision: 'accept an extra revision on',
  request_extension: 'ask for more time on',
  accept_extension: 'accept more time on',
  decline_extension: 'decline more time on',
  withdraw_extension: 'withdraw the request for more time on',
  propose_settlement: 'settle',
  accept_settlement: 'accept the settlement of',
  decline_settlement: 'decline the settlement of',
  withdraw_settlement: 'withdraw the settlement of',
  open_dispute: 'open a dispute on',
  admin_cancel: 'cancel',
};

/** What every order operation shares: transactions with effects after commit, scheduling, the rules. */
export class OrderKernel {
  constructor(readonly deps: OrderDeps) {}

  get db(): Db {
    return this.deps.db;
  }

  hours(h: number): number {
    return h * 3_600_000;
  }

  /** An order's delivery time in milliseconds. */
  deliveryMs(days: number): number {
    return days * this.deps.config.ORDER_DAY_SECONDS * 1000;
  }

  /** A transaction on orders; what it collected is announced once it has committed. */
  async run<T>(work: (tx: Db, fx: OrderEffects) => Promise<T>): Promise<T> {
    const fx = new OrderEffects();
    const result = await this.deps.db.transaction((tx) => work(tx as unknown as Db, fx));
    await this.deps.announcer.flush(fx);
    return result;
  }

  /** Suspicious text is filed for review with the order's transaction; admins hear of it after commit. */
  async flag(
    tx: Db,
    fx: OrderEffects,
    suspicion: Suspicion | null,
    place: { source: ModerationSource; authorId: string; order: Pick<OrderRow, 'id' | 'roomId'> },
  ): Promise<void> {
    if (!suspicion) return;
    await this.suspect(tx, fx, suspicion, {
      source: place.source,
      authorId: place.authorId,
      roomId: place.order.roomId,
      orderId: place.order.id,
    });
  }

  /** Announces a suspicion in the transaction (moderation files it); the follow-up runs after commit. */
  async suspect(tx: Db, fx: OrderEffects, suspicion: Suspicion, place: FlagPlace): Promise<void> {
    fx.afterCommit(
      ...(await this.deps.events.emitInTransaction(tx, 'content.suspected', { suspicion, place })),
    );
  }

  /**
   * The one way an order changes state (see `transition`). An order that reaches completed or cancelled
   * is announced as `order.closed` in the same transaction: the editor's track record and earnings
   * follow it there.
   */
  async transition(
    tx: Db,
    fx: OrderEffects,
    orderId: string,
    from: Parameters<typeof transition>[2],
    change: OrderChange,
    event: OrderEventInput,
    condition?: SQL,
  ): Promise<OrderRow | null> {
    // A completed order may be disputed for DISPUTE_WINDOW_DAYS, however it completed.
    const completing =
      change.status === 'completed' && change.disputableUntil === undefined
        ? { disputableUntil: new Date(Date.now() + this.deliveryMs(this.deps.config.DISPUTE_WINDOW_DAYS)) }
        : {};
    const row = await transition(tx, orderId, from, { ...change, ...completing }, event, condition);
    if (row && (change.status === 'completed' || change.status === 'cancelled')) {
      fx.afterCommit(...(await this.deps.events.emitInTransaction(tx, 'order.closed', { order: row })));
    }
    return row;
  }

  /**
   * Orders decided the review of a delivery by itself (auto-complete, an extra revision accepted): the
   * deliveries module records it on its row in this transaction; its screen updates run after commit.
   */
  async reviewDecided(tx: Db, fx: OrderEffects, event: OrderReviewDecided): Promise<void> {
    fx.afterCommit(...(await this.deps.events.emitInTransaction(tx, 'order.review_decided', event)));
  }

  /** A durable job at `at` (now if past), written with the transaction and woken after it commits. */
  async schedule(tx: Db, fx: OrderEffects, kind: string, payload: Record<string, unknown>, at: Date) {
    const row = await this.deps.jobs.enqueue(kind, payload, {
      db: tx,
      delayMs: Math.max(0, at.getTime() - Date.now()),
    });
    fx.job(row);
  }

  /**
   * One user action on an order: the row locked, the actor's side found (strangers are told it does not
   * exist), the shared rule checked, then `work` makes the transition. Returns the order as they see it.
   */
  async act(
    actor: Actor,
    orderId: string,
    action: OrderAction,
    work: (tx: Db, fx: OrderEffects, order: OrderRow) => Promise<OrderRow>,
  ): Promise<Order> {
    await this.run(async (tx, fx) => {
      const order = await lockOrder(tx, orderId);
      const viewer = viewerOf(order, actor);
      if (viewer === 'other') throw notFound(ORDER_MESSAGES.notFound);
      if (!canTakeOrderAction(ruleState(order), viewer, action)) throw this.refusal(order, viewer, action);
      const changed = await work(tx, fx, order);
      fx.changed(changed);
      return changed;
    });
    await this.acted(actor, orderId);
    return this.shape(actor, orderId);
  }

  /**
   * A side acted on the order (accepted, paid, answered a cancellation, reviewed, delivered…): their
   * notices of it are read, on every tab of theirs. Runs after the commit, in the acting request.
   */
  async acted(actor: Pick<Actor, 'id'>, orderId: string): Promise<void> {
    await this.deps.notices.markReadFor(actor.id, { orderId });
  }

  /** Why an action is refused, as precisely as a person needs it. */
  private refusal(order: OrderRow, viewer: string, action: OrderAction): HttpError {
    if (viewer === 'editor' && CREATOR_ACTIONS.includes(action)) return forbidden(ORDER_MESSAGES.onlyCreator);
    if (viewer === 'creator' && EDITOR_ACTIONS.includes(action)) return forbidden(ORDER_MESSAGES.onlyEditor);
    if (action === 'pay' && order.paymentId) return conflict(ORDER_MESSAGES.alreadyPaid);
    if (action === 'accept' && (order.status === 'expired' || isOfferExpired(order)))
      return conflict(ORDER_MESSAGES.offerExpired);
    if (action === 'cancel' && order.status === 'in_progress') return conflict(ORDER_MESSAGES.notLate);
    if (action === 'request_cancellation' && order.cancellationRequestedBy)
      return conflict(ORDER_MESSAGES.cancellationPending);
    if (action === 'accept_cancellation' || action === 'decline_cancellation') {
      if (order.cancellationRequestedBy === viewer) return conflict(ORDER_MESSAGES.ownCancellation);
      if (!order.cancellationRequestedBy) return conflict(ORDER_MESSAGES.noCancellation);
    }
    if (action === 'withdraw_cancellation' && order.cancellationRequestedBy !== viewer)
      return conflict(ORDER_MESSAGES.noCancellation);
    if (action === 'request_extension' && order.status === 'in_progress')
      return conflict(ORDER_MESSAGES.extensionPending);
    if (action === 'request_extension') return conflict(ORDER_MESSAGES.notExtendable);
    if (action.endsWith('_extension') && order.status === 'in_progress')
      return conflict(ORDER_MESSAGES.noExtension);
    if (
      action.endsWith('_settlement') &&
      SETTLEABLE_ORDER_STATUSES.includes(order.status) &&
      order.paymentId
    ) {
      const proposed = order.settlementProposedBy;
      if (action === 'propose_settlement') return conflict(ORDER_MESSAGES.settlementPending);
      if (proposed === viewer && action !== 'withdraw_settlement')
        return conflict(ORDER_MESSAGES.ownSettlement);
      return conflict(ORDER_MESSAGES.noSettlement);
    }
    if (action === 'propose_settlement') return conflict(ORDER_MESSAGES.notSettleable);
    if (action === 'open_dispute') {
      if (viewer === 'admin') return forbidden(DISPUTE_MESSAGES.onlySides);
      if (order.disputeId) return conflict(DISPUTE_MESSAGES.alreadyOpen);
      return conflict(DISPUTE_MESSAGES.notDisputable(this.deps.config.DISPUTE_WINDOW_DAYS));
    }
    if (action === 'accept_extra_revision' && !order.extraRevisionRequestedAt)
      return conflict(ORDER_MESSAGES.noExtraRevision);
    return conflict(ORDER_MESSAGES.notAllowed(VERBS[action], order.status));
  }

  async shape(actor: Actor, orderId: string): Promise<Order> {
    const record = await findOrderRecord(this.db, orderId);
    if (!record) throw notFound(ORDER_MESSAGES.notFound);
    return toOrder(record, viewerOf(record.order, actor));
  }

  /** Paise of a successful payment not yet refunded (or on its way back); 0 for any other payment. */
  async remainingPaise(tx: Db, paymentId: string): Promise<number> {
    const [payment] = await tx
      .select({ amount: payments.amountPaise, status: payments.status })
      .from(payments)
      .where(eq(payments.id, paymentId));
    if (!payment || payment.status !== 'SUCCESS') return 0;
    return Math.max(0, payment.amount - (await refundTotalsOf(tx, paymentId)).pendingOrRefundedPaise);
  }

  /** The order's payment covers it: SUCCESS and not fully refunded (confirmed refunds). */
  async isPaid(tx: Db, order: Pick<OrderRow, 'paymentId' | 'pricePaise'>): Promise<boolean> {
    if (!order.paymentId) return false;
    const [payment] = await tx
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.id, order.paymentId));
    if (payment?.status !== 'SUCCESS') return false;
    return (await refundTotalsOf(tx, order.paymentId)).refundedPaise < order.pricePaise;
  }
}
