/**
 * How every screen, chat line and mail says what happened to an order's money (issue 25, item 12): one
 * formatter per fact, so the order card, the orders table, the chat and the admin pages never disagree.
 */
import { formatPaise, formatRupees } from '../money';
import type { OrderActor } from './statuses';

/**
 * An order's payment in one phrase: 'Not paid yet', 'Paid ₹6,999', 'Paid ₹6,999 · Refunded ₹2,500',
 * 'Paid ₹2,500 · Refunded in full'. A refunded order was paid: it never reads "Not paid".
 */
export function orderPaymentLabel(o: { paid: boolean; amount: number; refundedAmount: number }): string {
  if (o.refundedAmount > 0) {
    const paid = `Paid ${formatRupees(o.amount)}`;
    return o.refundedAmount >= o.amount
      ? `${paid} · Refunded in full`
      : `${paid} · Refunded ${formatRupees(o.refundedAmount)}`;
  }
  return o.paid ? `Paid ${formatRupees(o.amount)}` : 'Not paid yet';
}

/** The label of the gateway's `order_…` id wherever it stands beside our CR reference. */
export const PAYMENT_REFERENCE_LABEL = 'Payment reference';

/**
 * Who cancelled, as a chat line or a mail says it: a cancellation one side proposed and the other
 * accepted is mutual, and names who proposed it (never "by the creator" when the editor asked).
 */
export function cancelledByPhrase(by: OrderActor, proposedBy?: 'creator' | 'editor' | null): string {
  if (by === 'system') return 'automatically';
  if (proposedBy && proposedBy !== by)
    return `by agreement: the ${proposedBy} proposed it and the ${by} accepted`;
  return `by the ${by}`;
}

/** The chat line of a cancelled order. */
export function orderCancelledLine(opts: {
  reference: string;
  by: OrderActor;
  proposedBy?: 'creator' | 'editor' | null;
  refundPaise: number;
}): string {
  const refund =
    opts.refundPaise > 0 ? ` ${formatPaise(opts.refundPaise)} will be refunded to the creator.` : '';
  return `Order ${opts.reference} was cancelled ${cancelledByPhrase(opts.by, opts.proposedBy)}.${refund}`;
}

/**
 * The chat line of a refund the gateway confirmed on an order that goes on (a goodwill refund, or one
 * after completion): what the creator got back and what it took from the editor's share.
 */
export function orderRefundedLine(opts: {
  reference: string;
  refundPaise: number;
  editorPartPaise: number;
  /** The whole payment is back: the final file is locked again. */
  locksFinalFile: boolean;
}): string {
  const share =
    opts.editorPartPaise > 0
      ? ` The editor's share is ${formatPaise(opts.editorPartPaise)} less.`
      : " The editor's share is unchanged.";
  const lock = opts.locksFinalFile ? ' The final file is locked again.' : '';
  return `${formatPaise(opts.refundPaise)} of order ${opts.reference} was refunded to the creator.${share}${lock}`;
}
