import type { Payment } from '@cutroom/contracts/payments';
import { Card } from '../../../components/ui/card';
import { CardList, ListTable, type ListLayout } from '../../../components/ui/responsive-list';
import { PaymentStatusBadge } from '../components/payment-status-badge';
import { formatPaymentDate } from '../utils/format';
import { PaymentAmount, PaymentMade, RefundAction } from './payment-cells';

type OnRefund = (p: Payment) => void;
const td = 'px-3 whitespace-normal';

/**
 * All Payments (SPEC.md §2's columns). On xl screens a fixed layout as wide as the ~950 px admin content
 * box (at 1280 px and wider) with set shares keeps it there: the gateway's order id breaks, names wrap
 * anywhere, so the Refund button is never pushed out of view (it once was, at 1,069 px: without a width
 * the fixed layout fell back to the automatic one and a long editor name widened the table). Below xl:
 * the table's columns as labelled fields, the refund action always in view. Every text field may shrink
 * (`min-w-0`) and break, so a long name never widens a card past the screen.
 */
export const paymentsLayout = (onRefund: OnRefund): ListLayout<Payment> => ({
  label: 'All payments',
  itemKey: (p) => p._id,
  tableClassName: 'w-full table-fixed',
  rowProps: (p) => ({ 'data-order-id': p.orderId, className: 'align-top' }),
  columns: [
    {
      header: 'Date',
      headerClassName: 'w-[14%] px-3',
      cellClassName: td,
      cell: (p) => formatPaymentDate(p.createdAt),
    },
    {
      header: 'Amount',
      headerClassName: 'w-[14%] px-3',
      cellClassName: `${td} wrap-anywhere`,
      cell: (p) => <PaymentAmount payment={p} />,
    },
    {
      header: 'Status',
      headerClassName: 'w-[12%] px-3',
      cellClassName: td,
      cell: (p) => <PaymentStatusBadge status={p.status} />,
    },
    {
      header: 'Order ID',
      headerClassName: 'w-[21%] px-3',
      cellClassName: `${td} font-mono text-xs break-all`,
      cell: (p) => p.orderId,
    },
    {
      header: 'Payment Made',
      headerClassName: 'w-[26%] px-3',
      cellClassName: td,
      cell: (p) => <PaymentMade payment={p} />,
    },
    {
      header: 'Actions',
      headerClassName: 'w-[13%] px-3',
      cellClassName: td,
      cell: (p) => <RefundAction payment={p} onRefund={onRefund} />,
    },
  ],
  cardListClassName: 'grid gap-3 md:grid-cols-2',
  cardItemProps: (p) => ({ 'data-order-id': p.orderId, className: 'min-w-0' }),
  card: (p) => <PaymentCard payment={p} onRefund={onRefund} />,
});

/** The payments as a table alone (as on xl screens). */
export function PaymentsTable({ payments, onRefund }: { payments: Payment[]; onRefund: OnRefund }) {
  return <ListTable items={payments} {...paymentsLayout(onRefund)} />;
}

/** The payments as cards alone (as below xl). */
export function PaymentCards({ payments, onRefund }: { payments: Payment[]; onRefund: OnRefund }) {
  return <CardList items={payments} {...paymentsLayout(onRefund)} />;
}

function PaymentCard({ payment: p, onRefund }: { payment: Payment; onRefund: OnRefund }) {
  return (
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
  );
}
