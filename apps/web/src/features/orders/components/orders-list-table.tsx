import type { Order } from '@cutroom/contracts/orders';
import { Table, Td, Th } from '../../../components/ui/table';
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

/**
 * Wide screens: a fixed-layout table, so long titles and ids wrap inside their column instead of pushing
 * the links out of the profile's ~960 px content box.
 */
export function OrdersListTable({ orders, viewer }: { orders: Order[]; viewer: OrdersViewer }) {
  return (
    <Table aria-label="Orders" className="table-fixed">
      <thead>
        <tr>
          <Th className="w-[26%] px-3">Order</Th>
          <Th className="w-[14%] px-3">{counterpartLabel(viewer)}</Th>
          <Th className="w-[15%] px-3">Status</Th>
          <Th className="w-[10%] px-3">Price</Th>
          <Th className="w-[11%] px-3">Due</Th>
          <Th className="w-[12%] px-3">Paid</Th>
          <Th className="w-[12%] px-3">
            <span className="sr-only">Links</span>
          </Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {orders.map((o) => (
          <tr key={o._id} data-order={o.reference} className="align-top">
            <Td className="px-3 whitespace-normal">
              <span className="block font-semibold text-slate-900">{o.reference}</span>
              <span className="block break-words text-slate-600">{o.title}</span>
              <OrderReview order={o} side={viewer} className="mt-2" />
            </Td>
            <Td className="px-3 font-medium break-words whitespace-normal text-slate-900">
              {counterpartName(o, viewer)}
            </Td>
            <Td className="px-3 whitespace-normal">
              <OrderStatusBadge order={o} />
            </Td>
            <Td className="px-3 whitespace-normal">
              <OrderPrice order={o} />
            </Td>
            <Td className="px-3 whitespace-normal">
              <OrderDue order={o} />
            </Td>
            <Td className="px-3 whitespace-normal">
              <OrderPaid order={o} />
            </Td>
            <Td className="px-3 whitespace-normal">
              <OrderLinks order={o} />
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
