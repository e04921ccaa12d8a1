import type { Order } from '@cutroom/contracts/orders';
import { Card } from '../../../components/ui/card';
import { CardList, type ListLayout } from '../../../components/ui/responsive-list';
import { OrderReview } from './order-review';
import { OrderStatusBadge } from './order-status-badge';
import {
  counterpartLabel,
  counterpartName,
  OrderDue,
  OrderLinks,
  OrderPaid,
  OrderPrice,
  type OrdersViewer,
} from './orders-list-fields';

const cell = 'px-3 whitespace-normal';

/**
 * The member's orders. Wide screens: a fixed-layout table, so long titles and ids wrap inside their column
 * instead of pushing the links out of the profile's ~960 px content box. Narrow screens: one card per
 * order, every field labelled and the links always in view.
 */
export const ordersListLayout = (viewer: OrdersViewer): ListLayout<Order> => ({
  label: 'Orders',
  itemKey: (o) => o._id,
  tableClassName: 'table-fixed',
  rowProps: (o) => ({ 'data-order': o.reference, className: 'align-top' }),
  columns: [
    {
      header: 'Order',
      headerClassName: 'w-[26%] px-3',
      cellClassName: cell,
      cell: (o) => (
        <>
          <span className="block font-semibold text-slate-900">{o.reference}</span>
          <span className="block break-words text-slate-600">{o.title}</span>
          <OrderReview order={o} side={viewer} className="mt-2" />
        </>
      ),
    },
    {
      header: counterpartLabel(viewer),
      headerClassName: 'w-[14%] px-3',
      cellClassName: 'px-3 font-medium break-words whitespace-normal text-slate-900',
      cell: (o) => counterpartName(o, viewer),
    },
    {
      header: 'Status',
      headerClassName: 'w-[15%] px-3',
      cellClassName: cell,
      cell: (o) => <OrderStatusBadge order={o} />,
    },
    {
      header: 'Price',
      headerClassName: 'w-[10%] px-3',
      cellClassName: cell,
      cell: (o) => <OrderPrice order={o} />,
    },
    {
      header: 'Due',
      headerClassName: 'w-[11%] px-3',
      cellClassName: cell,
      cell: (o) => <OrderDue order={o} />,
    },
    {
      header: 'Paid',
      headerClassName: 'w-[12%] px-3',
      cellClassName: cell,
      cell: (o) => <OrderPaid order={o} />,
    },
    {
      header: <span className="sr-only">Links</span>,
      headerClassName: 'w-[12%] px-3',
      cellClassName: cell,
      cell: (o) => <OrderLinks order={o} />,
    },
  ],
  cardListClassName: 'space-y-3',
  card: (o) => <OrderListCard order={o} viewer={viewer} />,
});

/** The orders as cards alone (as below xl). */
export function OrdersListCards({ orders, viewer }: { orders: Order[]; viewer: OrdersViewer }) {
  return <CardList items={orders} {...ordersListLayout(viewer)} />;
}

function OrderListCard({ order: o, viewer }: { order: Order; viewer: OrdersViewer }) {
  return (
    <Card className="space-y-3 p-4" data-order={o.reference}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{o.reference}</p>
          <p className="text-sm break-words text-slate-600">{o.title}</p>
        </div>
        <OrderStatusBadge order={o} />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">{counterpartLabel(viewer)}</dt>
          <dd className="font-medium break-words text-slate-900">{counterpartName(o, viewer)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Price</dt>
          <dd>
            <OrderPrice order={o} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Due</dt>
          <dd>
            <OrderDue order={o} />
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">Paid</dt>
          <dd>
            <OrderPaid order={o} />
          </dd>
        </div>
      </dl>
      <OrderReview order={o} side={viewer} />
      <div className="border-t border-slate-100 pt-3">
        <OrderLinks order={o} />
      </div>
    </Card>
  );
}
