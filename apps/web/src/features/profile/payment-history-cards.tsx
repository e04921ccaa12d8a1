import type { Payment } from '@cutroom/contracts/payments';
import { formatRupees } from '@cutroom/contracts/price';
import { Card } from '../../components/ui/card';
import { formatPaymentDate } from '../payments/format';
import { PaymentStatusBadge } from '../payments/payment-status-badge';
import { payerOrPayee, PaymentOrderReference, paymentPlan, PaymentRefunds } from './payment-fields';

/** Payment History on narrow screens: the table's columns as labelled fields of a card. */
export function PaymentHistoryCards({ payments, role }: { payments: Payment[]; role: 'creator' | 'editor' }) {
  return (
    <ul className="space-y-3" aria-label="Payment History">
      {payments.map((p) => (
        <li key={p._id}>
          <Card className="space-y-3 p-4">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{formatRupees(p.amount)}</p>
                <p className="text-xs text-slate-500">{formatPaymentDate(p.createdAt)}</p>
              </div>
              <PaymentStatusBadge status={p.status} />
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <div className="min-w-0">
                <dt className="text-xs text-slate-500">{role === 'creator' ? 'Editor' : 'Creator'}</dt>
                <dd className="font-medium break-words text-slate-900">{payerOrPayee(p, role)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Order</dt>
                <dd>
                  <PaymentOrderReference payment={p} />
                </dd>
              </div>
              <div className="min-w-0">
                <dt className="text-xs text-slate-500">Plan</dt>
                <dd className="break-words">{paymentPlan(p)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Refunds</dt>
                <dd>
                  <PaymentRefunds payment={p} />
                </dd>
              </div>
              <div className="col-span-2 min-w-0">
                <dt className="text-xs text-slate-500">Order ID</dt>
                <dd className="font-mono text-xs break-all">{p.orderId}</dd>
              </div>
            </dl>
          </Card>
        </li>
      ))}
    </ul>
  );
}
