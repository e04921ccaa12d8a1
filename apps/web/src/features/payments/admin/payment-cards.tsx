import type { Payment } from '@cutroom/contracts/payments';
import { Card } from '../../../components/ui/card';
import { formatPaymentDate } from '../utils/format';
import { PaymentStatusBadge } from '../components/payment-status-badge';
import { PaymentAmount, PaymentMade, RefundAction } from './payment-cells';

/**
 * All Payments below xl: the table's columns as labelled fields, the refund action always in view. Every
 * text field may shrink (`min-w-0`) and break, so a long name never widens a card past the screen.
 */
export function PaymentCards({
  payments,
  onRefund,
}: {
  payments: Payment[];
  onRefund: (p: Payment) => void;
}) {
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-label="All payments">
      {payments.map((p) => (
        <li key={p._id} data-order-id={p.orderId} className="min-w-0">
          <Card className="flex h-full flex-col gap-3 p-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0 wrap-anywhere">
                <PaymentAmount payment={p} />
                <p className="text-xs text-slate-500">{formatPaymentDate(p.createdAt)}</p>
              </div>
              <span className="shrink-0">
                <PaymentStatusBadge status={p.status} />
              </span>
            </div>
            <dl className="flex-1 space-y-2 text-sm">
              <div className="min-w-0">
                <dt className="text-xs text-slate-500">Payment Made</dt>
                <dd>
                  <PaymentMade payment={p} />
                </dd>
              </div>
              <div className="min-w-0">
                <dt className="text-xs text-slate-500">Order ID</dt>
                <dd className="font-mono text-xs break-all text-slate-700">{p.orderId}</dd>
              </div>
            </dl>
            {/* Only a paid payment has an action; the others end with their order id. */}
            {p.status === 'SUCCESS' && (
              <div className="border-t border-slate-100 pt-3">
                <RefundAction payment={p} onRefund={onRefund} />
              </div>
            )}
          </Card>
        </li>
      ))}
    </ul>
  );
}
