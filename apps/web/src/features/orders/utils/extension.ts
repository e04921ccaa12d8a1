import type { Order } from '@cutroom/contracts/orders';

const DAY_MS = 24 * 60 * 60 * 1000;

/** '1 more day' / '2 more days'. */
export const moreDaysLabel = (n: number) => `${n} more ${n === 1 ? 'day' : 'days'}`;

/**
 * The due date an extension of `days` would give if it were accepted at `now`: counted from the due date,
 * or from now once that has passed, as the server counts it. Order days are real days here.
 */
export function extendedDueAt(order: Pick<Order, 'dueAt'>, days: number, now = Date.now()): string {
  const from = Math.max(order.dueAt ? Date.parse(order.dueAt) : 0, now);
  return new Date(from + days * DAY_MS).toISOString();
}

/** The id of the notice's line saying what the due date becomes if the creator accepts. */
export const extensionPreviewId = (order: Pick<Order, '_id'>) => `order-${order._id}-new-due`;
