import type { Payment } from '@cutroom/contracts/payments';
import { Card } from '../../../components/ui/card';
import { CardList, ListTable, type ListLayout } from '../../../components/ui/responsive-list';
import { formatPaymentDate } from '../utils/format';
import {
  PaymentAmountValue,
  payerOrPayee,
  PaymentOrderReference,
  paymentPlan,
  PaymentRefunds,
  PaymentStatusValue,
} from './payment-fields';
import { PAYMENT_REFERENCE_LABEL } from '@cutroom/contracts/orders';

type Role = 'creator' | 'editor';
const td = 'px-3 whitespace-normal';

/**
 * Payment History. On xl screens a fixed layout as wide as the ~980 px profile content column, with set
 * shares. Names, titles and gateway ids break inside their own column, so Amount, Status and Refunds are
 * never pushed out of view (a long editor name once did, at 1280 px). Amount, Status and Order get the
 * room of their widest usual value (₹1,49,999, 'processing', CR-100000) and break only beyond it.
 * Below xl: the table's columns as labelled fields of a card. Amount and Status lead the card; every
 * field may shrink (`min-w-0`) and its text break anywhere, so a long name or title never widens the card
 * and pushes them off a phone's screen.
 */
export const paymentHistoryLayout = (role: Role): ListLayout<Payment> => ({
  label: 'Payment History',
  itemKey: (p) => p._id,
  tableClassName: 'w-full table-fixed',
  rowProps: (p) => ({ 'data-order-id': p.orderId, className: 'align-top' }),
  columns: [
    {
      header: 'Date',
      headerClassName: 'w-[13%] px-3',
      cellClassName: td,
      cell: (p) => formatPaymentDate(p.createdAt),
    },
    {
      header: role === 'creator' ? 'Editor' : 'Creator',
      headerClassName: 'w-[15%] px-3',
      cellClassName: `${td} font-medium wrap-anywhere text-slate-900`,
      cell: (p) => payerOrPayee(p, role),
    },
    {
      header: 'Order',
      headerClassName: 'w-[11%] px-3',
      cellClassName: `${td} break-words`,
      cell: (p) => <PaymentOrderReference payment={p} />,
    },
    {
      header: 'Plan',
      headerClassName: 'w-[12%] px-3',
      cellClassName: `${td} wrap-anywhere`,
      cellProps: () => ({ 'data-testid': 'payment-plan' }),
      cell: (p) => paymentPlan(p),
    },
    {
      header: 'Amount',
      headerClassName: 'w-[12%] px-3',
      cellClassName: `${td} break-words`,
      cell: (p) => <PaymentAmountValue payment={p} />,
    },
    {
      header: 'Status',
      headerClassName: 'w-[12%] px-3',
      cellClassName: td,
      cell: (p) => <PaymentStatusValue payment={p} />,
    },
    {
      header: PAYMENT_REFERENCE_LABEL,
      headerClassName: 'w-[12%] px-3',
      cellClassName: `${td} font-mono text-xs break-all`,
      cell: (p) => p.orderId,
    },
    {
      header: 'Refunds',
      headerClassName: 'w-[13%] px-3',
      cellClassName: td,
      cell: (p) => <PaymentRefunds payment={p} />,
    },
  ],
  cardListClassName: 'space-y-3',
  cardItemProps: (p) => ({ 'data-order-id': p.orderId, className: 'min-w-0' }),
  card: (p) => <PaymentHistoryCard payment={p} role={role} />,
});

/** The payments as a table alone (as on xl screens). */
export function PaymentHistoryTable({ payments, role }: { payments: Payment[]; role: Role }) {
  return <ListTable items={payments} {...paymentHistoryLayout(role)} />;
}

/** The payments as cards alone (as below xl). */
export function PaymentHistoryCards({ payments, role }: { payments: Payment[]; role: Role }) {
  return <CardList items={payments} {...paymentHistoryLayout(role)} />;
}

function PaymentHistoryCard({ payment: p, role }: { payment: Payment; role: Role }) {
  return (
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
          <dt className="text-xs text-slate-500">{PAYMENT_REFERENCE_LABEL}</dt>
          <dd className="font-mono text-xs break-all">{p.orderId}</dd>
        </div>
      </dl>
    </Card>
  );
}
