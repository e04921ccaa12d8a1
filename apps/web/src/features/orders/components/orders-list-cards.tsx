import type { Order } from '@cutroom/contracts/orders';
import { Card } from '../../../components/ui/card';
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

/** Narrow screens: one card per order, every field labelled and the links always in view. */
export function OrdersListCards({ orders, viewer }: { orders: Order[]; viewer: OrdersViewer }) {
  return (
    <ul className="space-y-3" aria-label="Orders">
      {orders.map((o) => (
        <li key={o._id}>
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
        </li>
      ))}
    </ul>
  );
}
