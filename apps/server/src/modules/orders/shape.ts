import {
  DISPUTE_DECISION_LABELS,
  DISPUTE_REASON_LABELS,
  REVIEW_WINDOW_DAYS,
  type DisputeDecision,
  type DisputeReason,
  SETTLEABLE_ORDER_STATUSES,
  formatPaise,
  isOrderLate,
  orderActions,
  orderReference,
  orderStatusLabel,
  rupeesFromPaise,
  type Order,
  type OrderEvent,
  type OrderRuleState,
  type OrderViewer,
} from '@cutroom/contracts';
import type { orderEvents } from '../../db/schema';
import { isPaidRecord, type OrderRecord, type OrderRow } from './records';

export type OrderEventRow = typeof orderEvents.$inferSelect;

const iso = (d: Date | null) => d?.toISOString() ?? null;

const lineTime = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});
/** A time in a chat line or timeline: lines are stored text, so it is written in India's time. */
export const formatLineTime = (d: Date | string) => `${lineTime.format(new Date(d))} IST`;
const plural = (n: unknown, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

export const referenceOf = (o: Pick<OrderRow, 'number'>) => orderReference(o.number);

/** The state the shared rules (contracts' orderActions) decide on. */
export function ruleState(o: OrderRow): OrderRuleState {
  return {
    status: o.status,
    paid: o.paymentId !== null,
    dueAt: o.dueAt,
    offerExpiresAt: o.offerExpiresAt,
    cancellationRequestedBy: o.cancellationRequestedBy,
    extraRevisionRequested: o.extraRevisionRequestedAt !== null,
    extensionRequested: o.extensionRequestedAt !== null,
    settlementProposedBy: o.settlementProposedAt ? o.settlementProposedBy : null,
    disputed: o.disputeId !== null,
    disputableUntil: o.disputableUntil,
  };
}

export function viewerOf(
  o: Pick<OrderRow, 'creatorId' | 'editorId'>,
  user: { id: string; role: string },
): OrderViewer {
  if (user.id === o.creatorId) return 'creator';
  if (user.id === o.editorId) return 'editor';
  return user.role === 'admin' ? 'admin' : 'other';
}

/**
 * When the creator's window to review a completed order closes; null when it is closed or not open. Only
 * paid work is reviewed: the window opens when the order is both completed and paid (a pay-later order
 * paid after approval gets its whole window from the payment).
 */
function reviewableUntil(r: OrderRecord, now: Date): string | null {
  const o = r.order;
  if (o.status !== 'completed' || !o.completedAt || !isPaidRecord(r)) return null;
  const opened = Math.max(o.completedAt.getTime(), o.paidAt?.getTime() ?? 0);
  const until = new Date(opened + REVIEW_WINDOW_DAYS * 86_400_000);
  return until > now ? until.toISOString() : null;
}

/** An order as `viewer` sees it; editors never see the creator's account id. */

export function toOrder(r: OrderRecord, viewer: OrderViewer, now = new Date()): Order {
  const o = r.order;
  const paid = isPaidRecord(r);
  return {
    _id: o.id,
    reference: referenceOf(o),
    roomId: o.roomId,
    creator:
      viewer === 'editor'
        ? { username: r.creatorUsername }
        : { _id: o.creatorId, username: r.creatorUsername },
    editor: { _id: o.editorId, username: r.editorUsername },
    source: o.source,
    tier: o.tier,
    title: o.title,
    description: o.description,
    brief: o.brief,
    features: o.features,
    amount: rupeesFromPaise(o.pricePaise),
    startingPrice: o.startingPrice,
    deliveryDays: o.deliveryDays,
    revisionsIncluded: o.revisionsIncluded,
    revisionsUsed: o.revisionsUsed,
    revisionsLeft: Math.max(0, o.revisionsIncluded - o.revisionsUsed),
    status: o.status,
    statusLabel: orderStatusLabel({ status: o.status, paid }),
    paid,
    paidAt: iso(o.paidAt),
    paymentOrderId: o.paymentId ? r.paymentOrderId : null,
    refundedAmount: rupeesFromPaise(r.activeRefundPaise),
    review: r.review ? { _id: r.review.id, rating: r.review.rating, hidden: r.review.hidden } : null,
    reviewableUntil: viewer === 'creator' && !r.review ? reviewableUntil(r, now) : null,
    dueAt: iso(o.dueAt),
    late: isOrderLate(o, now),
    offerExpiresAt: iso(o.offerExpiresAt),
    autoCompleteAt: iso(o.autoCompleteAt),
    extraRevision:
      o.extraRevisionRequestedAt && o.status === 'delivered'
        ? { note: o.extraRevisionNote ?? '', requestedAt: o.extraRevisionRequestedAt.toISOString() }
        : null,
    cancellation:
      o.cancellationRequestedBy && o.cancellationRequestedAt && o.cancellationRespondBy
        ? {
            requestedBy: o.cancellationRequestedBy,
            reason: o.cancellationReason ?? '',
            requestedAt: o.cancellationRequestedAt.toISOString(),
            respondBy: o.cancellationRespondBy.toISOString(),
          }
        : null,
    extension:
      o.status === 'in_progress' && o.extensionRequestedAt && o.extensionRespondBy
        ? {
            days: o.extensionDays ?? 0,
            reason: o.extensionReason ?? '',
            requestedAt: o.extensionRequestedAt.toISOString(),
            respondBy: o.extensionRespondBy.toISOString(),
          }
        : null,
    settlement:
      SETTLEABLE_ORDER_STATUSES.includes(o.status) &&
      o.settlementProposedBy &&
      o.settlementProposedAt &&
      o.settlementRespondBy &&
      o.settlementAmountPaise !== null
        ? {
            proposedBy: o.settlementProposedBy,
            amount: rupeesFromPaise(o.settlementAmountPaise),
            reason: o.settlementReason ?? '',
            proposedAt: o.settlementProposedAt.toISOString(),
            respondBy: o.settlementRespondBy.toISOString(),
          }
        : null,
    disputeId: o.disputeId,
    disputableUntil: iso(o.disputableUntil),
    cancelledBy: o.cancelledBy,
    cancelNote: o.cancelNote,
    createdAt: o.createdAt.toISOString(),
    acceptedAt: iso(o.acceptedAt),
    deliveredAt: iso(o.deliveredAt),
    completedAt: iso(o.completedAt),
    cancelledAt: iso(o.cancelledAt),
    actions: orderActions(ruleState(o), viewer, now),
  };
}

const money = (paise: unknown) => (typeof paise === 'number' ? formatPaise(paise) : '');

/** The timeline's line for each kind of event, from the structured data stored with it. */
const SUMMARIES: Record<string, (d: Record<string, unknown>) => string> = {
  offered: (d) =>
    `Offer sent: ${money(d.pricePaise)}, ${plural(d.deliveryDays, 'day')}, ${plural(d.revisions, 'revision')}`,
  created: (d) => `Ordered the ${d.tier} tier with Pay Now at ${money(d.pricePaise)}`,
  accepted: (d) => (d.payNow ? 'Offer accepted; payment first' : 'Offer accepted; payment on approval'),
  declined: () => 'Offer declined',
  withdrawn: () => 'Offer withdrawn',
  expired: () => 'Offer expired',
  payment_started: (d) => `Checkout opened for ${money(d.amountPaise)} (${d.gatewayOrderId})`,
  paid: (d) => `Paid ${money(d.amountPaise)} (${d.gatewayOrderId})`,
  delivered: (d) => `Delivery #${d.deliveryNumber} sent`,
  changes_requested: (d) =>
    `Changes requested on delivery #${d.deliveryNumber} (${d.revisionsUsed} of ${d.revisionsIncluded} revisions used)`,
  extra_revision_requested: (d) =>
    `Changes requested on delivery #${d.deliveryNumber} with no revisions left`,
  extra_revision_accepted: () => 'Extra revision accepted by the editor',
  auto_complete_warning: (d) => `Reminder posted: completes automatically on ${formatLineTime(String(d.at))}`,
  completed: (d) => `Completed: delivery #${d.deliveryNumber} approved`,
  auto_completed: (d) => `Completed automatically: delivery #${d.deliveryNumber} was not reviewed in time`,
  late: () => 'Past its due date with no delivery',
  extension_requested: (d) => `${plural(d.days, 'more day')} asked for`,
  extension_accepted: (d) => `${plural(d.days, 'more day')} accepted: due ${formatLineTime(String(d.dueAt))}`,
  extension_declined: (d) => `${plural(d.days, 'more day')} declined; the due date stays`,
  extension_withdrawn: () => 'Request for more time withdrawn',
  extension_lapsed: () => 'Request for more time lapsed unanswered; the due date stays',
  settlement_proposed: (d) => `Proposed completing at ${money(d.amountPaise)} of ${money(d.paidPaise)} paid`,
  settled: (d) => `Completed at ${money(d.amountPaise)} as agreed; ${money(d.refundPaise)} refunded`,
  settlement_declined: (d) => `Completing at ${money(d.amountPaise)} declined`,
  settlement_withdrawn: (d) => `Proposal to complete at ${money(d.amountPaise)} withdrawn`,
  settlement_lapsed: (d) => `Proposal to complete at ${money(d.amountPaise)} lapsed unanswered`,
  dispute_opened: (d) => `Dispute opened (${DISPUTE_REASON_LABELS[d.reason as DisputeReason] ?? 'other'})`,
  dispute_answered: () => 'Dispute answered',
  dispute_escalated: () => 'Dispute sent to Cutroom support to decide',
  dispute_settled: () => 'Dispute settled by both sides',
  completed_by_decision: () => 'Completed by the decision on its dispute',
  dispute_withdrawn: () => 'Dispute withdrawn',
  dispute_decided: (d) =>
    `Dispute decided: ${DISPUTE_DECISION_LABELS[d.decision as DisputeDecision] ?? 'decided'}${typeof d.refundPaise === 'number' && d.refundPaise > 0 ? ` (${money(d.refundPaise)})` : ''}`,
  cancellation_requested: () => 'Cancellation proposed',
  cancellation_declined: () => 'Cancellation declined',
  cancellation_withdrawn: () => 'Cancellation request withdrawn',
  cancellation_lapsed: () => 'Cancellation request lapsed unanswered while the order was disputed',
  cancelled: () => 'Cancelled',
  migrated: () => 'Created from records made before orders existed',
  refunded: (d) => `Refund of ${money(d.refundPaise)} confirmed by the gateway`,
  refund_failed: (d) => `Refund could not be issued: ${String(d.error ?? 'unknown error')}`,
  payment_refunded_automatically: (d) =>
    `A payment of ${money(d.amountPaise)} (${d.gatewayOrderId}) arrived for an order that was ${d.why}; refunded in full`,
};

export function toOrderEvent(e: OrderEventRow): OrderEvent {
  const summary = SUMMARIES[e.type]?.(e.data) ?? e.type.replace(/_/g, ' ');
  return {
    _id: e.id,
    type: e.type,
    actor: e.actor,
    summary,
    note: e.note,
    createdAt: e.createdAt.toISOString(),
  };
}
