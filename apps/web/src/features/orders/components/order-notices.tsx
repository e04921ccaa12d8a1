import { AlertTriangle, CalendarClock, HandCoins, RotateCcw } from 'lucide-react';
import { ORDER_MESSAGES, type Order } from '@cutroom/contracts/orders';
import { formatRupees } from '@cutroom/contracts/price';
import { extendedDueAt, extensionPreviewId, moreDaysLabel } from '../utils/extension';
import { paidRemaining, settlementPreviewId, settlementRefund } from '../utils/settlement';
import { formatOrderDate } from '../utils/format';
import type { OrderSide } from './order-actions';

/** A proposed mutual cancellation: who asked, why, and when it happens by itself. */
export function CancellationNotice({ order, side }: { order: Order; side: OrderSide }) {
  const c = order.cancellation;
  if (!c) return null;
  const mine = c.requestedBy === side;
  return (
    <div
      role="status"
      className="flex gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
      data-testid="order-cancellation"
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0 space-y-0.5">
        <p className="font-semibold">
          {mine
            ? 'You proposed cancelling this order'
            : `The ${c.requestedBy} proposed cancelling this order`}
        </p>
        {c.reason && <p className="break-words whitespace-pre-wrap">Reason: {c.reason}</p>}
        <p className="text-xs">
          {order.disputeId
            ? // A disputed order is frozen: unanswered, the request lapses (the server's cancellation timeout).
              mine
              ? `Lapses on ${formatOrderDate(c.respondBy)} unless the ${c.requestedBy === 'creator' ? 'editor' : 'creator'} answers: while the dispute is open, the order is not cancelled by itself.`
              : `Answer by ${formatOrderDate(c.respondBy)}; unanswered, the request lapses while the dispute is open.`
            : mine
              ? `Cancelled by itself on ${formatOrderDate(c.respondBy)} unless the ${c.requestedBy === 'creator' ? 'editor' : 'creator'} answers.`
              : `Answer by ${formatOrderDate(c.respondBy)}, or it is cancelled by itself.`}
        </p>
      </div>
    </div>
  );
}

/**
 * The editor's pending request for more days, with the reason, and when it lapses; the creator also reads
 * what the due date becomes if they accept now.
 */
export function ExtensionNotice({ order, side }: { order: Order; side: OrderSide }) {
  const x = order.extension;
  if (!x) return null;
  return (
    <div
      role="status"
      className="flex gap-2 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900"
      data-testid="order-extension"
    >
      <CalendarClock className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0 space-y-0.5">
        <p className="break-words whitespace-pre-wrap">
          <span className="font-semibold">The editor asks for {moreDaysLabel(x.days)}:</span> {x.reason}
        </p>
        {side === 'creator' ? (
          <p className="text-xs">
            <span id={extensionPreviewId(order)} className="font-semibold">
              If you accept, it is due {formatOrderDate(extendedDueAt(order, x.days))}.
            </span>{' '}
            Answer by {formatOrderDate(x.respondBy)}, or the due date stays.
          </p>
        ) : (
          <p className="text-xs">
            If the creator does not answer by {formatOrderDate(x.respondBy)}, the due date stays.
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * One side's pending proposal to complete the order for a different amount, with the reason, what
 * accepting does (the refund, the completion, the final file) and when it lapses.
 */
export function SettlementNotice({ order, side }: { order: Order; side: OrderSide }) {
  const s = order.settlement;
  if (!s) return null;
  const mine = s.proposedBy === side;
  const other = s.proposedBy === 'creator' ? 'editor' : 'creator';
  const paid = `${formatRupees(paidRemaining(order))} paid${order.refundedAmount > 0 ? ' (after refunds)' : ''}`;
  const back = formatRupees(settlementRefund(order, s.amount));
  return (
    <div
      role="status"
      className="flex gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-950"
      data-testid="order-settlement"
    >
      <HandCoins className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0 space-y-0.5">
        <p className="break-words whitespace-pre-wrap">
          <span className="font-semibold">
            The {s.proposedBy} proposes completing at {formatRupees(s.amount)} of {paid}
            {s.reason ? ':' : '.'}
          </span>
          {s.reason && ` ${s.reason}`}
        </p>
        <p className="text-xs">
          <span id={settlementPreviewId(order)} className="font-semibold">
            If {mine ? `the ${other} accepts` : 'you accept'}, {back} is refunded to{' '}
            {side === 'creator' ? 'you' : 'the creator'}, the order is completed and the final file is
            released.
          </span>{' '}
          {mine
            ? `If the ${other} does not answer by ${formatOrderDate(s.respondBy)}, nothing changes.`
            : `Answer by ${formatOrderDate(s.respondBy)}, or nothing changes.`}
        </p>
      </div>
    </div>
  );
}

/** Changes asked for with no revisions left: the editor may take them on anyway or send a new offer. */
export function ExtraRevisionNotice({ order, side }: { order: Order; side: OrderSide }) {
  const x = order.extraRevision;
  if (!x || order.status !== 'delivered') return null;
  return (
    <div
      className="flex gap-2 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900"
      data-testid="order-extra-revision"
    >
      <RotateCcw className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0 space-y-0.5">
        {side === 'editor' ? (
          <>
            <p className="font-semibold">The creator asked for more changes, with no revisions left</p>
            {x.note && <p className="break-words whitespace-pre-wrap">“{x.note}”</p>}
            <p className="text-xs">Accept the extra revision, or send a new offer for the extra work.</p>
          </>
        ) : (
          <p>
            You asked for more changes with no revisions left; the editor decides whether to take them on.
          </p>
        )}
      </div>
    </div>
  );
}

/** One line on what happens next, where the status alone does not say it. */
export function nextStepHint(order: Order, side: OrderSide): string | null {
  switch (order.status) {
    case 'offered':
      // Past its expiry the server offers no steps; the status follows when the expiry job runs.
      if (order.offerExpiresAt && new Date(order.offerExpiresAt).getTime() <= Date.now())
        return ORDER_MESSAGES.offerExpired;
      return side === 'creator'
        ? 'Pay now and the editor starts at once, or pay when you approve the delivery.'
        : 'Waiting for the creator to accept.';
    case 'awaiting_payment':
      return side === 'creator' ? 'The editor starts once you pay.' : 'You start once the creator pays.';
    case 'completed':
      return !order.paid
        ? side === 'creator'
          ? 'Pay to receive the final file.'
          : 'The creator receives the final file once they pay.'
        : null;
    default:
      return null;
  }
}
