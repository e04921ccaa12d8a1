import type { AdminPayoutRow } from '@cutroom/contracts/payouts';
import { Card } from '../../../components/ui/card';
import type { ListLayout } from '../../../components/ui/responsive-list';
import { AccountCell, EditorCell, FailuresCell, LastSettlementCell, Money } from './payout-cells';

/** `wrap-anywhere` lets a long amount, UTR or reason break inside its own column rather than widen the table. */
const td = 'px-3 whitespace-normal wrap-anywhere';

/**
 * Payouts. On xl screens a fixed layout with set shares keeps the table inside the ~940 px admin content
 * box at 1280 px: masked numbers, reasons and UTRs wrap, so no column (or link) is ever pushed out of view.
 * Below xl: one card per editor, the table's columns as labelled fields.
 */
export const payoutsLayout: ListLayout<AdminPayoutRow> = {
  label: "Editors' payouts",
  itemKey: (r) => r.editor.id,
  tableClassName: 'w-full table-fixed',
  rowProps: (r) => ({ 'data-editor': r.editor.id, className: 'align-top' }),
  columns: [
    {
      header: 'Editor',
      headerClassName: 'w-[16%] px-3',
      cellClassName: td,
      cell: (r) => <EditorCell row={r} />,
    },
    {
      header: 'Payout account',
      headerClassName: 'w-[23%] px-3',
      cellClassName: td,
      cell: (r) => <AccountCell row={r} />,
    },
    {
      header: 'Available',
      headerClassName: 'w-[11%] px-3',
      cellClassName: td,
      cell: (r) => <Money amount={r.balances.available} />,
    },
    {
      header: 'Pending',
      headerClassName: 'w-[11%] px-3',
      cellClassName: td,
      cell: (r) => <Money amount={r.balances.pending} />,
    },
    {
      header: 'Paid out',
      headerClassName: 'w-[11%] px-3',
      cellClassName: td,
      cell: (r) => <Money amount={r.balances.paidOut} />,
    },
    {
      header: 'Last settlement',
      headerClassName: 'w-[19%] px-3',
      cellClassName: td,
      cell: (r) => <LastSettlementCell row={r} />,
    },
    {
      header: 'Failures',
      headerClassName: 'w-[9%] px-3',
      cellClassName: td,
      cell: (r) => <FailuresCell row={r} />,
    },
  ],
  cardListClassName: 'grid gap-3 md:grid-cols-2',
  cardItemProps: () => ({ className: 'min-w-0' }),
  card: (r) => <PayoutCard row={r} />,
};

function PayoutCard({ row: r }: { row: AdminPayoutRow }) {
  return (
    <Card className="flex h-full flex-col gap-3 p-4" data-editor={r.editor.id}>
      <div className="min-w-0">
        <EditorCell row={r} />
      </div>
      <AccountCell row={r} />
      <dl className="grid grid-cols-3 gap-x-3 gap-y-2 text-sm wrap-anywhere">
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">Available</dt>
          <dd>
            <Money amount={r.balances.available} />
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">Pending</dt>
          <dd>
            <Money amount={r.balances.pending} />
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">Paid out</dt>
          <dd>
            <Money amount={r.balances.paidOut} />
          </dd>
        </div>
        <div className="col-span-2 min-w-0">
          <dt className="text-xs text-slate-500">Last settlement</dt>
          <dd>
            <LastSettlementCell row={r} />
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">Failures</dt>
          <dd>
            <FailuresCell row={r} />
          </dd>
        </div>
      </dl>
    </Card>
  );
}
