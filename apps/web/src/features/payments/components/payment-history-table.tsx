import type { Payment } from '@cutroom/contracts/payments';
import { Table, Td, Th } from '../../../components/ui/table';
import { formatPaymentDate } from '../utils/format';
import {
  PaymentAmountValue,
  payerOrPayee,
  PaymentOrderReference,
  paymentPlan,
  PaymentRefunds,
  PaymentStatusValue,
} from './payment-fields';

const td = 'px-3 whitespace-normal';

/**
 * Payment History on xl screens: a fixed layout as wide as the ~980 px profile content column, with set
 * shares. Names, titles and gateway ids break inside their own column, so Amount, Status and Refunds
 * are never pushed out of view (a long editor name once did, at 1280 px). Amount, Status and Order get
 * the room of their widest usual value (₹1,49,999, 'processing', CR-100000) and break only beyond it.
 */
export function PaymentHistoryTable({ payments, role }: { payments: Payment[]; role: 'creator' | 'editor' }) {
  return (
    <Table aria-label="Payment History" className="w-full table-fixed">
      <thead>
        <tr>
          <Th className="w-[13%] px-3">Date</Th>
          <Th className="w-[15%] px-3">{role === 'creator' ? 'Editor' : 'Creator'}</Th>
          <Th className="w-[11%] px-3">Order</Th>
          <Th className="w-[12%] px-3">Plan</Th>
          <Th className="w-[12%] px-3">Amount</Th>
          <Th className="w-[12%] px-3">Status</Th>
          <Th className="w-[12%] px-3">Order ID</Th>
          <Th className="w-[13%] px-3">Refunds</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {payments.map((p) => (
          <tr key={p._id} data-order-id={p.orderId} className="align-top">
            <Td className={td}>{formatPaymentDate(p.createdAt)}</Td>
            <Td className={`${td} font-medium wrap-anywhere text-slate-900`}>{payerOrPayee(p, role)}</Td>
            <Td className={`${td} break-words`}>
              <PaymentOrderReference payment={p} />
            </Td>
            <Td className={`${td} wrap-anywhere`} data-testid="payment-plan">
              {paymentPlan(p)}
            </Td>
            <Td className={`${td} break-words`}>
              <PaymentAmountValue payment={p} />
            </Td>
            <Td className={td}>
              <PaymentStatusValue payment={p} />
            </Td>
            <Td className={`${td} font-mono text-xs break-all`}>{p.orderId}</Td>
            <Td className={td}>
              <PaymentRefunds payment={p} />
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
