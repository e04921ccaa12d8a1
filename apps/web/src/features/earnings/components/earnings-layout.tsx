import type { EarningRow } from '@cutroom/contracts/payouts';
import { Card } from '../../../components/ui/card';
import type { ListLayout } from '../../../components/ui/responsive-list';
import { formatEarningDay } from '../utils/format';
import {
  EarningAvailableAt,
  EarningCommission,
  EarningGross,
  EarningOrderLink,
  EarningShare,
} from './earning-fields';
import { EarningStateBadge } from './status-badges';

/** `wrap-anywhere` lets a long amount, UTR or reason break inside its own column rather than widen the table. */
const td = 'px-3 whitespace-normal wrap-anywhere';

/**
 * The editor's earnings by order. Wide screens: a fixed-layout table, so titles wrap inside their column
 * instead of pushing the last columns out of the profile's content box. Narrow screens: one card per
 * order, the table's columns as labelled fields.
 */
export const earningsLayout: ListLayout<EarningRow> = {
  label: 'Earnings by order',
  itemKey: (r) => r.orderId,
  tableClassName: 'w-full table-fixed',
  rowProps: (r) => ({ 'data-order': r.reference, className: 'align-top' }),
  columns: [
    {
      header: 'Order',
      headerClassName: 'w-[20%] px-3',
      cellClassName: td,
      cell: (r) => (
        <>
          <EarningOrderLink row={r} />
          <span className="block break-words text-slate-600">{r.title}</span>
        </>
      ),
    },
    {
      header: 'Paid',
      headerClassName: 'w-[11%] px-3',
      cellClassName: td,
      cell: (r) => <time dateTime={r.paidAt}>{formatEarningDay(r.paidAt)}</time>,
    },
    {
      header: 'Gross',
      headerClassName: 'w-[12%] px-3',
      cellClassName: td,
      cell: (r) => <EarningGross row={r} />,
    },
    {
      header: 'Commission',
      headerClassName: 'w-[13%] px-3',
      cellClassName: td,
      cell: (r) => <EarningCommission row={r} />,
    },
    {
      header: 'Your share',
      headerClassName: 'w-[12%] px-3',
      cellClassName: td,
      cell: (r) => <EarningShare row={r} />,
    },
    {
      header: 'State',
      headerClassName: 'w-[17%] px-3',
      cellClassName: td,
      cell: (r) => <EarningStateBadge state={r.state} />,
    },
    {
      header: 'Available on',
      headerClassName: 'w-[15%] px-3',
      cellClassName: td,
      cell: (r) => <EarningAvailableAt row={r} />,
    },
  ],
  cardListClassName: 'space-y-3',
  card: (r) => <EarningCard row={r} />,
};

function EarningCard({ row: r }: { row: EarningRow }) {
  return (
    <Card className="space-y-3 p-4" data-order={r.reference}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <EarningOrderLink row={r} />
          <p className="text-sm break-words text-slate-600">{r.title}</p>
        </div>
        <EarningStateBadge state={r.state} />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">Your share</dt>
          <dd>
            <EarningShare row={r} />
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">Paid</dt>
          <dd>
            <time dateTime={r.paidAt}>{formatEarningDay(r.paidAt)}</time>
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">Gross</dt>
          <dd>
            <EarningGross row={r} />
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">Commission</dt>
          <dd>
            <EarningCommission row={r} />
          </dd>
        </div>
        <div className="col-span-2 min-w-0">
          <dt className="text-xs text-slate-500">Available on</dt>
          <dd>
            <EarningAvailableAt row={r} />
          </dd>
        </div>
      </dl>
    </Card>
  );
}
