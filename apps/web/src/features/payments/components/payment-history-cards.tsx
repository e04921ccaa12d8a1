import type { Payment } from '@cutroom/contracts/payments';
import { Card } from '../../../components/ui/card';
import { formatPaymentDate } from '../utils/format';
import {
  PaymentAmountValue,
  payerOrPayee,
  PaymentOrderReference,
  paymentPlan,
  PaymentRefunds,
  PaymentStatusValue,
} from './payment-fields';

/**
 * Payment History below xl: the table's columns as labelled fields of a card. Amount and Status lead the
 * card; every field may shrink (`min-w-0`) and its text break anywhere, so a long name or title never
 * widens the card and pushes them off a phone's screen.
 */
export function PaymentHistoryCards({ payments, role }: { payments: Payment[]; role: 'creator' | 'editor' }) {
  return (
    <ul className="space-y-3" aria-label="Payment History">
      {payments.map((p) => (
        <li key={p._id} data-order-id={p.orderId} className="min-w-0">
          <Card className="space-y-3 p-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0 wrap-anywhere">
                <PaymentAmountValue payment={p} />
                <p className="text-xs text-slate-500">{formatPaymentDate(p.createdAt)}</p>
              </div>
              <PaymentStatusValue payment={p} />
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <div className="min-w-0">
                <dt className="text-xs text-slate-500">{role === 'creator' ? 'Editor' : 'Creator'}</dt>
                <dd className="font-medium wrap-anywhere text-slate-900">{payerOrPayee(p, role)}</dd>
              </div>
              <div className="min-w-0">
                <dt className="text-xs text-slate-500">Order</dt>
                <dd className="wrap-anywhere">
                  <PaymentOrderReference payment={p} />
                </dd>
              </div>
              <div className="min-w-0">
                <dt className="text-xs text-slate-500">Plan</dt>
                <dd className="wrap-anywhere" data-testid="payment-plan">
                  {paymentPlan(p)}
                </dd>
              </div>
              <div className="min-w-0">
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
