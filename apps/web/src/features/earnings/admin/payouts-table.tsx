import type { AdminPayoutRow } from '@cutroom/contracts/payouts';
import { Table, Td, Th } from '../../../components/ui/table';
import { AccountCell, EditorCell, FailuresCell, LastSettlementCell, Money } from './payout-cells';

/** `wrap-anywhere` lets a long amount, UTR or reason break inside its own column rather than widen the table. */
const td = 'px-3 whitespace-normal wrap-anywhere';

/**
 * Payouts on xl screens. A fixed layout with set shares keeps it inside the ~940 px admin content box at
 * 1280 px: masked numbers, reasons and UTRs wrap, so no column (or link) is ever pushed out of view.
 */
export function PayoutsTable({ rows }: { rows: AdminPayoutRow[] }) {
  return (
    <Table aria-label="Editors' payouts" className="w-full table-fixed">
      <thead>
        <tr>
          <Th className="w-[16%] px-3">Editor</Th>
          <Th className="w-[23%] px-3">Payout account</Th>
          <Th className="w-[11%] px-3">Available</Th>
          <Th className="w-[11%] px-3">Pending</Th>
          <Th className="w-[11%] px-3">Paid out</Th>
          <Th className="w-[19%] px-3">Last settlement</Th>
          <Th className="w-[9%] px-3">Failures</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((r) => (
          <tr key={r.editor.id} data-editor={r.editor.id} className="align-top">
            <Td className={td}>
              <EditorCell row={r} />
            </Td>
            <Td className={td}>
              <AccountCell row={r} />
            </Td>
            <Td className={td}>
              <Money amount={r.balances.available} />
            </Td>
            <Td className={td}>
              <Money amount={r.balances.pending} />
            </Td>
            <Td className={td}>
              <Money amount={r.balances.paidOut} />
            </Td>
            <Td className={td}>
              <LastSettlementCell row={r} />
            </Td>
            <Td className={td}>
              <FailuresCell row={r} />
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
