import type { Payment } from '@cutroom/contracts/payments';
import { Table, Td, Th } from '../../../components/ui/table';
import { formatPaymentDate } from '../../payments/format';
import { PaymentStatusBadge } from '../../payments/payment-status-badge';
import { PaymentAmount, PaymentMade, RefundAction } from './payment-cells';

const td = 'px-3 whitespace-normal';

/**
 * All Payments on xl screens (SPEC.md §2's columns). A fixed layout with set shares keeps it within the
 * ~940 px admin content box at 1280 px: the gateway's order id breaks and names wrap, so the Refund
 * button is never pushed out of view (it once was, at 1,069 px).
 */
export function PaymentsTable({
  payments,
  onRefund,
}: {
  payments: Payment[];
  onRefund: (p: Payment) => void;
}) {
  return (
    <Table aria-label="All payments" className="table-fixed">
      <thead>
        <tr>
          <Th className="w-[15%] px-3">Date</Th>
          <Th className="w-[13%] px-3">Amount</Th>
          <Th className="w-[13%] px-3">Status</Th>
          <Th className="w-[22%] px-3">Order ID</Th>
          <Th className="w-[25%] px-3">Payment Made</Th>
          <Th className="w-[12%] px-3">Actions</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {payments.map((p) => (
          <tr key={p._id} data-order-id={p.orderId} className="align-top">
            <Td className={td}>{formatPaymentDate(p.createdAt)}</Td>
            <Td className={td}>
              <PaymentAmount payment={p} />
            </Td>
            <Td className={td}>
              <PaymentStatusBadge status={p.status} />
            </Td>
            <Td className={`${td} font-mono text-xs break-all`}>{p.orderId}</Td>
            <Td className={td}>
              <PaymentMade payment={p} />
            </Td>
            <Td className={td}>
              <RefundAction payment={p} onRefund={onRefund} />
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
