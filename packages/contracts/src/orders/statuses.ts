/** The states of an order, who acts on one, and where one comes from. */
import { z } from 'zod';

export const ORDER_STATUSES = [
  // An editor's custom offer, waiting for the creator.
  'offered',
  'declined',
  'withdrawn',
  'expired',
  // Accepted (or bought with Pay Now) and to be paid before work starts.
  'awaiting_payment',
  'in_progress',
  'delivered',
  'changes_requested',
  'completed',
  'cancelled',
] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Offers that never became orders, and orders that ended without completing. */
export const CLOSED_ORDER_STATUSES: readonly OrderStatus[] = [
  'declined',
  'withdrawn',
  'expired',
  'cancelled',
];
/** Orders whose work is under way: the chat's order panel lists these (with offers). */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = [
  'offered',
  'awaiting_payment',
  'in_progress',
  'delivered',
  'changes_requested',
];
/** The editor may send a delivery for an order in these states. */
export const DELIVERABLE_ORDER_STATUSES: readonly OrderStatus[] = ['in_progress', 'changes_requested'];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  offered: 'Offer pending',
  declined: 'Offer declined',
  withdrawn: 'Offer withdrawn',
  expired: 'Offer expired',
  awaiting_payment: 'Awaiting payment',
  in_progress: 'In progress',
  delivered: 'Delivered',
  changes_requested: 'Changes requested',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/**
 * A completed order whose payment has not arrived (accepted to pay on approval, approved, not paid): the
 * work is done but it is not paid work yet, so no review and no track record come from it.
 */
export const UNPAID_COMPLETED_LABEL = 'Completed · awaiting payment';

/** The label of an order's status as people read it: a completed order says when it is still unpaid. */
export function orderStatusLabel(o: { status: OrderStatus; paid: boolean }): string {
  return o.status === 'completed' && !o.paid ? UNPAID_COMPLETED_LABEL : ORDER_STATUS_LABELS[o.status];
}

export const ORDER_SOURCES = ['offer', 'tier'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

/** Who did something to an order; `system` is a scheduled job or the gateway. */
export const ORDER_ACTORS = ['creator', 'editor', 'admin', 'system'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];
