import type { Payment } from '@cutroom/contracts/payments';
import { formatRupees } from '@cutroom/contracts/price';
import { planLabel } from '../payments/format';
import { RefundStatusBadge } from '../payments/payment-status-badge';

/** Pieces of a Payment History row shared by the table and the cards. */

export const payerOrPayee = (p: Payment, role: 'creator' | 'editor') =>
  role === 'creator' ? p.editor.username : p.creator.username;

/** A custom offer has no tier: its order's title says what was bought instead. */
export const paymentPlan = (p: Payment) =>
  p.planType ? planLabel(p.planType) : (p.order?.title ?? 'Custom');

export function PaymentOrderReference({ payment }: { payment: Payment }) {
  return payment.order ? (
    <span className="font-semibold text-slate-900">{payment.order.reference}</span>
  ) : (
    <span className="text-slate-400">—</span>
  );
}

export function PaymentRefunds({ payment }: { payment: Payment }) {
  if (payment.refunds.length === 0) return <span className="text-slate-400">—</span>;
  return (
    <ul className="space-y-1">
      {payment.refunds.map((r) => (
        <li key={r.refundId} className="flex items-center gap-2">
          <span>{formatRupees(r.amount)}</span>
          <RefundStatusBadge status={r.status} />
        </li>
      ))}
    </ul>
  );
}
