/**
 * The rules: who may do what, in which state. The server checks the same function before each
 * transition, and the transition's conditional UPDATE re-checks the state it depends on.
 */
import type { OrderAction } from './shapes';
import { CLOSED_ORDER_STATUSES, DELIVERABLE_ORDER_STATUSES, type OrderStatus } from './statuses';

export type OrderViewer = 'creator' | 'editor' | 'admin' | 'other';

export interface OrderRuleState {
  status: OrderStatus;
  paid: boolean;
  dueAt: Date | string | null;
  offerExpiresAt: Date | string | null;
  cancellationRequestedBy: 'creator' | 'editor' | null;
  extraRevisionRequested: boolean;
  /** The editor asked for more days and the creator has not answered. */
  extensionRequested: boolean;
  /** The side whose proposal to complete for a different amount waits for the other's answer. */
  settlementProposedBy: 'creator' | 'editor' | null;
  /** A dispute is open on the order: it is frozen until the dispute ends. */
  disputed: boolean;
  /** A completed order may be disputed until then. */
  disputableUntil: Date | string | null;
}

const time = (v: Date | string | null) => (v === null ? null : new Date(v).getTime());

/** Past its due date with no delivery yet. */
export function isOrderLate(o: Pick<OrderRuleState, 'status' | 'dueAt'>, now = new Date()): boolean {
  const due = time(o.dueAt);
  return o.status === 'in_progress' && due !== null && due < now.getTime();
}

export function isOfferExpired(
  o: Pick<OrderRuleState, 'status' | 'offerExpiresAt'>,
  now = new Date(),
): boolean {
  const at = time(o.offerExpiresAt);
  return o.status === 'offered' && at !== null && at <= now.getTime();
}

/** Work under way or delivered, or completed within its dispute window. */
function isDisputable(o: Pick<OrderRuleState, 'status' | 'disputableUntil'>, now: Date): boolean {
  if (o.status === 'completed') {
    const until = time(o.disputableUntil);
    return until !== null && until > now.getTime();
  }
  return o.status === 'in_progress' || o.status === 'delivered' || o.status === 'changes_requested';
}

const WORKING: readonly OrderStatus[] = ['in_progress', 'delivered', 'changes_requested'];
/** Paid work delivered at least once: the two sides may settle on completing it for less. */
export const SETTLEABLE_ORDER_STATUSES: readonly OrderStatus[] = ['delivered', 'changes_requested'];
const PAYABLE: readonly OrderStatus[] = [
  'awaiting_payment',
  'in_progress',
  'delivered',
  'changes_requested',
  'completed',
];

/** The actions open to `viewer` on an order in this state, in the order a screen shows them. */
export function orderActions(o: OrderRuleState, viewer: OrderViewer, now = new Date()): OrderAction[] {
  const out: OrderAction[] = [];
  if (viewer === 'other') return out;
  if (viewer === 'admin') {
    // A disputed order is decided in its dispute, not cancelled beside it.
    if (!CLOSED_ORDER_STATUSES.includes(o.status) && o.status !== 'offered' && !o.disputed)
      out.push('admin_cancel');
    return out;
  }
  const pending = o.cancellationRequestedBy;
  if (o.status === 'offered') {
    if (isOfferExpired(o, now)) return out;
    if (viewer === 'creator') out.push('accept', 'decline');
    else out.push('withdraw');
    return out;
  }
  if (viewer === 'creator') {
    if (!o.paid && PAYABLE.includes(o.status) && !pending) out.push('pay');
    if (o.status === 'delivered') out.push('review');
    if ((o.status === 'awaiting_payment' && !o.paid) || isOrderLate(o, now)) out.push('cancel');
    if (o.status === 'in_progress' && o.extensionRequested) out.push('accept_extension', 'decline_extension');
  } else {
    if (DELIVERABLE_ORDER_STATUSES.includes(o.status)) out.push('deliver');
    if (o.status === 'delivered' && o.extraRevisionRequested) out.push('accept_extra_revision');
    // Only an order in progress has a due date that runs.
    if (o.status === 'in_progress')
      out.push(o.extensionRequested ? 'withdraw_extension' : 'request_extension');
  }
  if (o.paid && SETTLEABLE_ORDER_STATUSES.includes(o.status)) {
    const proposed = o.settlementProposedBy;
    if (!proposed) out.push('propose_settlement');
    else if (proposed === viewer) out.push('withdraw_settlement');
    else out.push('accept_settlement', 'decline_settlement');
  }
  if (!o.disputed && isDisputable(o, now)) out.push('open_dispute');
  if (WORKING.includes(o.status) || o.status === 'awaiting_payment') {
    if (!pending) out.push('request_cancellation');
    else if (pending === viewer) out.push('withdraw_cancellation');
    else out.push('accept_cancellation', 'decline_cancellation');
  }
  return out;
}

/** Whether `viewer` may take `action` now. */
export const canTakeOrderAction = (
  o: OrderRuleState,
  viewer: OrderViewer,
  action: OrderAction,
  now = new Date(),
) => orderActions(o, viewer, now).includes(action);
