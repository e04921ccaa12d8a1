import { paiseFromRupees, rupeesFromPaise } from '@cutroom/contracts/money';
import type { Order } from '@cutroom/contracts/orders';

/**
 * What the creator has paid for the order and not had back: a proposal must be less than this (the
 * server refuses anything else with ORDER_MESSAGES.settlementTooLarge). Counted in paise, as the server
 * counts it, so a refund in paise leaves no rounding behind.
 */
export const paidRemaining = (order: Pick<Order, 'amount' | 'refundedAmount'>): number =>
  rupeesFromPaise(Math.max(0, paiseFromRupees(order.amount) - paiseFromRupees(order.refundedAmount)));

/** What completing at `amount` rupees gives back to the creator (nothing for an amount not below it). */
export const settlementRefund = (order: Pick<Order, 'amount' | 'refundedAmount'>, amount: number): number =>
  rupeesFromPaise(Math.max(0, paiseFromRupees(paidRemaining(order)) - paiseFromRupees(Math.max(0, amount))));

/** The id of the notice's line saying what accepting does, which 'Accept and complete' points to. */
export const settlementPreviewId = (order: Pick<Order, '_id'>) => `order-${order._id}-settlement`;
