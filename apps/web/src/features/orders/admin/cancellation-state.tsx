import type { Order } from '@cutroom/contracts/orders';
import { formatRupees } from '@cutroom/contracts/price';
import { moreDaysLabel } from '../utils/extension';
import { paidRemaining, settlementRefund } from '../utils/settlement';
import { formatOrderDate } from '../utils/format';

const who = (actor: string) => actor.charAt(0).toUpperCase() + actor.slice(1);

/**
 * What stands between the two sides: a pending cancellation, extra revision, request for more time or
 * proposal of a different amount, or how it ended.
 */
export function CancellationState({ order }: { order: Order }) {
  const { cancellation, extraRevision, extension, settlement } = order;
  const pending = cancellation || extraRevision || extension || settlement;
  if (!pending && order.status !== 'cancelled') return null;
  return (
    <div className="space-y-3">
      {cancellation && (
        <p
          role="status"
          className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
        >
          <span className="font-semibold">
            The {cancellation.requestedBy} proposed cancelling on {formatOrderDate(cancellation.requestedAt)}.
          </span>{' '}
          Cancelled automatically if not answered by {formatOrderDate(cancellation.respondBy)}.
          {cancellation.reason && (
            <span className="mt-1 block whitespace-pre-line">“{cancellation.reason}”</span>
          )}
        </p>
      )}
      {extension && (
        <p
          role="status"
          className="rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900"
          data-testid="admin-order-extension"
        >
          <span className="font-semibold">
            The editor asked for {moreDaysLabel(extension.days)} on {formatOrderDate(extension.requestedAt)}.
          </span>{' '}
          The due date stays if the creator does not answer by {formatOrderDate(extension.respondBy)}.
          <span className="mt-1 block whitespace-pre-line">“{extension.reason}”</span>
        </p>
      )}
      {settlement && (
        <p
          role="status"
          className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950"
          data-testid="admin-order-settlement"
        >
          <span className="font-semibold">
            The {settlement.proposedBy} proposed completing at {formatRupees(settlement.amount)} of the{' '}
            {formatRupees(paidRemaining(order))} paid on {formatOrderDate(settlement.proposedAt)}.
          </span>{' '}
          Accepted, {formatRupees(settlementRefund(order, settlement.amount))} is refunded to the creator and
          the order completes; nothing changes if the{' '}
          {settlement.proposedBy === 'creator' ? 'editor' : 'creator'} does not answer by{' '}
          {formatOrderDate(settlement.respondBy)}.
          {settlement.reason && <span className="mt-1 block whitespace-pre-line">“{settlement.reason}”</span>}
        </p>
      )}
      {extraRevision && (
        <p className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          <span className="font-semibold">
            The creator asked for changes with no revisions left on{' '}
            {formatOrderDate(extraRevision.requestedAt)}.
          </span>
          {extraRevision.note && (
            <span className="mt-1 block whitespace-pre-line">“{extraRevision.note}”</span>
          )}
        </p>
      )}
      {order.status === 'cancelled' && (
        <p className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <span className="font-semibold">
            Cancelled
            {order.cancelledBy
              ? ` by ${who(order.cancelledBy === 'system' ? 'Cutroom' : order.cancelledBy)}`
              : ''}
            {order.cancelledAt ? ` on ${formatOrderDate(order.cancelledAt)}` : ''}.
          </span>
          {order.cancelNote && <span className="mt-1 block whitespace-pre-line">“{order.cancelNote}”</span>}
        </p>
      )}
    </div>
  );
}
