import type { Order } from '@cutroom/contracts/orders';
import { formatRupees } from '@cutroom/contracts/price';
import { Table, Td, Th } from '../../../components/ui/table';
import { OrderStatusBadge } from '../components/order-status-badge';
import { DueCell, PaidCell, ViewOrderLink } from './order-cells';

const th = 'px-2';
const td = 'px-2 whitespace-normal break-words';

/**
 * All Orders on xl screens. The admin content box is ~940 px at 1280: a fixed layout with set column
 * shares keeps the table inside it (long titles and usernames wrap) so View is never scrolled away.
 */
export function OrdersTable({ orders }: { orders: Order[] }) {
  return (
    <Table aria-label="All orders" className="table-fixed">
      <thead>
        <tr>
          <Th className={`${th} w-[10%]`}>Reference</Th>
          <Th className={`${th} w-[17%]`}>Title</Th>
          <Th className={`${th} w-[11%]`}>Creator</Th>
          <Th className={`${th} w-[11%]`}>Editor</Th>
          <Th className={`${th} w-[14%]`}>Status</Th>
          <Th className={`${th} w-[10%]`}>Price</Th>
          <Th className={`${th} w-[11%]`}>Due</Th>
          <Th className={`${th} w-[8%]`}>Paid</Th>
          <Th className={`${th} w-[8%]`}>Actions</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {orders.map((o) => (
          <tr key={o._id} data-order={o.reference} className="align-top">
            <Td className={`${td} font-semibold text-slate-900`}>{o.reference}</Td>
            <Td className={td}>{o.title}</Td>
            <Td className={td}>{o.creator.username}</Td>
            <Td className={td}>{o.editor.username}</Td>
            <Td className={td}>
              <OrderStatusBadge order={o} />
            </Td>
            <Td className={`${td} font-semibold text-slate-900`}>{formatRupees(o.amount)}</Td>
            <Td className={td}>
              <DueCell order={o} />
            </Td>
            <Td className={td}>
              <PaidCell order={o} />
            </Td>
            <Td className={td}>
              <ViewOrderLink order={o} />
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
