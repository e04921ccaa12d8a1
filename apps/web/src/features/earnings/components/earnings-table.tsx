import type { EarningRow } from '@cutroom/contracts/payouts';
import { Table, Td, Th } from '../../../components/ui/table';
import {
  EarningAvailableAt,
  EarningCommission,
  EarningGross,
  EarningOrderLink,
  EarningShare,
} from './earning-fields';
import { formatEarningDay } from '../utils/format';
import { EarningStateBadge } from './status-badges';

/** `wrap-anywhere` lets a long amount, UTR or reason break inside its own column rather than widen the table. */
const td = 'px-3 whitespace-normal wrap-anywhere';

/**
 * Wide screens: a fixed-layout table, so titles wrap inside their column instead of pushing the last
 * columns out of the profile's content box.
 */
export function EarningsTable({ rows }: { rows: EarningRow[] }) {
  return (
    <Table aria-label="Earnings by order" className="w-full table-fixed">
      <thead>
        <tr>
          <Th className="w-[20%] px-3">Order</Th>
          <Th className="w-[11%] px-3">Paid</Th>
          <Th className="w-[12%] px-3">Gross</Th>
          <Th className="w-[13%] px-3">Commission</Th>
          <Th className="w-[12%] px-3">Your share</Th>
          <Th className="w-[17%] px-3">State</Th>
          <Th className="w-[15%] px-3">Available on</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((r) => (
          <tr key={r.orderId} data-order={r.reference} className="align-top">
            <Td className={td}>
              <EarningOrderLink row={r} />
              <span className="block break-words text-slate-600">{r.title}</span>
            </Td>
            <Td className={td}>
              <time dateTime={r.paidAt}>{formatEarningDay(r.paidAt)}</time>
            </Td>
            <Td className={td}>
              <EarningGross row={r} />
            </Td>
            <Td className={td}>
              <EarningCommission row={r} />
            </Td>
            <Td className={td}>
              <EarningShare row={r} />
            </Td>
            <Td className={td}>
              <EarningStateBadge state={r.state} />
            </Td>
            <Td className={td}>
              <EarningAvailableAt row={r} />
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
