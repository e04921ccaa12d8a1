import { Link } from 'react-router';
import type { Payment } from '@cutroom/contracts/payments';
import { formatRupees } from '@cutroom/contracts/price';
import { Button } from '../../../components/ui/button';
import { orderPagePath } from '../../../lib/paths';

/**
 * Cells of an All Payments row shared by the table and the cards. Names and ids come from people and the
 * gateway, so they may be one long word: `wrap-anywhere` lets them break inside their own column or card
 * (it also lowers their min-content width, which `break-words` does not) instead of pushing the Refund
 * button out of view.
 */

export function PaymentAmount({ payment }: { payment: Payment }) {
  return (
    <>
      <span className="font-semibold text-slate-900" data-testid="payment-amount">
        {formatRupees(payment.amount)}
      </span>
      {payment.refundedAmount > 0 && (
        <span className="block text-xs text-slate-500">Refunded {formatRupees(payment.refundedAmount)}</span>
      )}
    </>
  );
}

/** SPEC's 'creator to editor', then the order of ours it paid for, linked to the order's page. */
export function PaymentMade({ payment }: { payment: Payment }) {
  return (
    <>
      <span className="block font-medium wrap-anywhere text-slate-900">{payment.creator.username}</span>
      <span className="flex items-baseline gap-1.5">
        <span aria-label="paid" className="shrink-0 text-slate-400">
          →
        </span>
        <span className="min-w-0 font-medium wrap-anywhere text-slate-900">{payment.editor.username}</span>
      </span>
      {payment.order && (
        <span className="mt-0.5 block text-xs">
          <Link
            to={orderPagePath(payment.order._id)}
            className="font-semibold text-brand-700 hover:underline"
            title={payment.order.title}
            aria-label={`Order ${payment.order.reference}: ${payment.order.title}`}
          >
            {payment.order.reference}
          </Link>
        </span>
      )}
    </>
  );
}

export function RefundAction({ payment, onRefund }: { payment: Payment; onRefund: (p: Payment) => void }) {
  if (payment.status !== 'SUCCESS') return <span className="text-slate-400">—</span>;
  return (
    <Button size="sm" variant="secondary" className="shrink-0" onClick={() => onRefund(payment)}>
      {payment.amount - payment.refundedAmount > 0 ? 'Refund' : 'Refunds'}
    </Button>
  );
}
