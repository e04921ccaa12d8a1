import type { Payment } from '@cutroom/contracts/payments';
import { Table, Td, Th } from '../../../components/ui/table';
import { formatPaymentDate } from '../utils/format';
import { PaymentStatusBadge } from '../components/payment-status-badge';
import { PaymentAmount, PaymentMade, RefundAction } from './payment-cells';

const td = 'px-3 whitespace-normal';

/**
 * All Payments on xl screens (SPEC.md §2's columns). A fixed layout as wide as the ~950 px admin content
 * box (at 1280 px and wider) with set shares keeps it there: the gateway's order id breaks, names wrap
 * anywhere, so the Refund button is never pushed out of view (it once was, at 1,069 px: without a width
 * the fixed layout fell back to the automatic one and a long editor name widened the table).
 */
export function PaymentsTable({
  payments,
  onRefund,
}: {
  payments: Payment[];
  onRefund: (p: Payment) => void;
}) {
  return (
    <Table aria-label="All payments" className="w-full table-fixed">
      <thead>
        <tr>
          <Th className="w-[14%] px-3">Date</Th>
          <Th className="w-[14%] px-3">Amount</Th>
          <Th className="w-[12%] px-3">Status</Th>
          <Th className="w-[21%] px-3">Order ID</Th>
          <Th className="w-[26%] px-3">Payment Made</Th>
          <Th className="w-[13%] px-3">Actions</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {payments.map((p) => (
          <tr key={p._id} data-order-id={p.orderId} className="align-top">
            <Td className={td}>{formatPaymentDate(p.createdAt)}</Td>
            <Td className={`${td} wrap-anywhere`}>
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
