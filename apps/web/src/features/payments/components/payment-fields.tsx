import type { Payment } from '@cutroom/contracts/payments';
import { formatRupees } from '@cutroom/contracts/price';
import { planLabel } from '../utils/format';
import { PaymentStatusBadge, RefundStatusBadge } from './payment-status-badge';

/**
 * Pieces of a Payment History row shared by the table and the cards. Names and custom offers' titles may
 * be one long word: whoever shows them lets them break anywhere (`wrap-anywhere`) so they never widen
 * the table or a card past the screen.
 */

export const payerOrPayee = (p: Payment, role: 'creator' | 'editor') =>
  role === 'creator' ? p.editor.username : p.creator.username;

/** A custom offer has no tier: its order's title says what was bought instead. */
export const paymentPlan = (p: Payment) =>
  p.planType ? planLabel(p.planType) : (p.order?.title ?? 'Custom');

export function PaymentAmountValue({ payment }: { payment: Payment }) {
  return (
    <span className="font-semibold text-slate-900" data-testid="payment-amount">
      {formatRupees(payment.amount)}
    </span>
  );
}

export function PaymentStatusValue({ payment }: { payment: Payment }) {
  return (
    <span className="inline-flex shrink-0" data-testid="payment-status">
      <PaymentStatusBadge status={payment.status} />
    </span>
  );
}

export function PaymentOrderReference({ payment }: { payment: Payment }) {
  return payment.order ? (
    <span className="font-semibold text-slate-900">{payment.order.reference}</span>
  ) : (
    <span className="text-slate-400">—</span>
  );
}

/** Each refund: its amount, then its status badge, which moves below the amount when space is short. */
export function PaymentRefunds({ payment }: { payment: Payment }) {
  if (payment.refunds.length === 0) return <span className="text-slate-400">—</span>;
  return (
    <ul className="space-y-1.5" aria-label="Refunds">
      {payment.refunds.map((r) => (
        <li key={r.refundId} className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
          <span className="whitespace-nowrap">{formatRupees(r.amount)}</span>
          <RefundStatusBadge status={r.status} />
        </li>
      ))}
    </ul>
  );
}
