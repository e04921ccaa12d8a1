import type { Payment } from '@cutroom/contracts/payments';
import { formatRupees } from '@cutroom/contracts/price';
import { Table, Td, Th } from '../../components/ui/table';
import { formatPaymentDate } from '../payments/format';
import { PaymentStatusBadge } from '../payments/payment-status-badge';
import { payerOrPayee, PaymentOrderReference, paymentPlan, PaymentRefunds } from './payment-fields';

export function PaymentHistoryTable({ payments, role }: { payments: Payment[]; role: 'creator' | 'editor' }) {
  return (
    <Table aria-label="Payment History">
      <thead>
        <tr>
          <Th>Date</Th>
          <Th>{role === 'creator' ? 'Editor' : 'Creator'}</Th>
          <Th>Order</Th>
          <Th>Plan</Th>
          <Th>Amount</Th>
          <Th>Status</Th>
          <Th>Order ID</Th>
          <Th>Refunds</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {payments.map((p) => (
          <tr key={p._id} data-order-id={p.orderId}>
            <Td className="min-w-28 whitespace-normal">{formatPaymentDate(p.createdAt)}</Td>
            <Td className="font-medium text-slate-900">{payerOrPayee(p, role)}</Td>
            <Td>
              <PaymentOrderReference payment={p} />
            </Td>
            {/* Titles and gateway ids wrap rather than widen the table past the content column. */}
            <Td className="max-w-48 break-words whitespace-normal">{paymentPlan(p)}</Td>
            <Td className="font-semibold text-slate-900">{formatRupees(p.amount)}</Td>
            <Td>
              <PaymentStatusBadge status={p.status} />
            </Td>
            <Td className="max-w-44 font-mono text-xs break-all whitespace-normal">{p.orderId}</Td>
            <Td>
              <PaymentRefunds payment={p} />
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
