import type { ReactNode } from 'react';
import type { Order } from '@cutroom/contracts/orders';
import { formatRupees } from '@cutroom/contracts/price';
import { Card } from '../../../components/ui/card';
import type { ListLayout } from '../../../components/ui/responsive-list';
import { OrderStatusBadge } from '../components/order-status-badge';
import { DueCell, PaidCell, ViewOrderLink } from './order-cells';

const th = 'px-2';
const td = 'px-2 whitespace-normal break-words';

/**
 * All Orders. On xl screens: the admin content box is ~940 px at 1280, so a fixed layout with set column
 * shares keeps the table inside it (long titles and usernames wrap) and View is never scrolled away.
 * Below xl: a card per order with the table's columns as labelled fields.
 */
export const ordersLayout: ListLayout<Order> = {
  label: 'All orders',
  itemKey: (o) => o._id,
  tableClassName: 'table-fixed',
  rowProps: (o) => ({ 'data-order': o.reference, className: 'align-top' }),
  columns: [
    {
      header: 'Reference',
      headerClassName: `${th} w-[10%]`,
      cellClassName: `${td} font-semibold text-slate-900`,
      cell: (o) => o.reference,
    },
    { header: 'Title', headerClassName: `${th} w-[17%]`, cellClassName: td, cell: (o) => o.title },
    {
      header: 'Creator',
      headerClassName: `${th} w-[11%]`,
      cellClassName: td,
      cell: (o) => o.creator.username,
    },
    { header: 'Editor', headerClassName: `${th} w-[11%]`, cellClassName: td, cell: (o) => o.editor.username },
    {
      header: 'Status',
      headerClassName: `${th} w-[14%]`,
      cellClassName: td,
      cell: (o) => <OrderStatusBadge order={o} />,
    },
    {
      header: 'Price',
      headerClassName: `${th} w-[10%]`,
      cellClassName: `${td} font-semibold text-slate-900`,
      cell: (o) => formatRupees(o.amount),
    },
    {
      header: 'Due',
      headerClassName: `${th} w-[11%]`,
      cellClassName: td,
      cell: (o) => <DueCell order={o} />,
    },
    {
      header: 'Paid',
      headerClassName: `${th} w-[8%]`,
      cellClassName: td,
      cell: (o) => <PaidCell order={o} />,
    },
    {
      header: 'Actions',
      headerClassName: `${th} w-[8%]`,
      cellClassName: td,
      cell: (o) => <ViewOrderLink order={o} />,
    },
  ],
  cardListClassName: 'grid gap-3 md:grid-cols-2',
  card: (o) => <OrderCard order={o} />,
};

function OrderCard({ order: o }: { order: Order }) {
  return (
    <Card className="flex h-full flex-col gap-3 p-4" data-order={o.reference}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{o.reference}</p>
          <p className="text-sm break-words text-slate-600">{o.title}</p>
        </div>
        <OrderStatusBadge order={o} />
      </div>
      <dl className="grid flex-1 grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <Field label="Creator">{o.creator.username}</Field>
        <Field label="Editor">{o.editor.username}</Field>
        <Field label="Price">
          <span className="font-semibold text-slate-900">{formatRupees(o.amount)}</span>
        </Field>
        <Field label="Due">
          <DueCell order={o} />
        </Field>
        <Field label="Paid">
          <PaidCell order={o} />
        </Field>
      </dl>
      <div className="border-t border-slate-100 pt-3">
        <ViewOrderLink order={o} />
      </div>
    </Card>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}
