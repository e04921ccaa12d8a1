import type { ReactNode } from 'react';
import type { EarningRow } from '@cutroom/contracts/payouts';
import { Card } from '../../../components/ui/card';
import type { ListColumn, ListLayout } from '../../../components/ui/responsive-list';
import { formatEarningDay } from '../utils/format';
import {
  EARNING_TAXES,
  EarningAvailableAt,
  EarningCommission,
  EarningGatewayNote,
  EarningGross,
  EarningOrderLink,
  EarningShare,
  EarningTax,
} from './earning-fields';
import { EarningStateBadge } from './status-badges';

/** `wrap-anywhere` lets a long amount break inside its own column rather than widen the table. */
const td = 'px-2 whitespace-normal wrap-anywhere';
const th = 'px-2';

const taxColumns: ListColumn<EarningRow>[] = EARNING_TAXES.map((t) => ({
  header: t.label,
  headerClassName: `${t.key === 'gstOnCommission' ? 'w-[11%]' : 'w-[7%]'} ${th}`,
  cellClassName: td,
  cell: (r) => <EarningTax amount={r[t.key]} />,
}));

/**
 * The editor's earnings by order, as the chain gross → commission → GST on commission → TCS → TDS → net.
 * Wide screens: a fixed-layout table (the paid date sits under the order; where the payment gateway
 * stands and the availability under the state, so eight columns fit the profile's content box; TCS and
 * TDS, mostly small or none, give the state room). Narrow screens: one card per order with the
 * chain as lines, like a receipt.
 */
export const earningsLayout: ListLayout<EarningRow> = {
  label: 'Earnings by order',
  itemKey: (r) => r.orderId,
  tableClassName: 'w-full table-fixed',
  rowProps: (r) => ({ 'data-order': r.reference, className: 'align-top' }),
  columns: [
    {
      header: 'Order',
      headerClassName: `w-[19%] ${th}`,
      cellClassName: td,
      cell: (r) => (
        <>
          <EarningOrderLink row={r} />
          <span className="block break-words text-slate-600">{r.title}</span>
          <span className="block text-xs text-slate-500">
            Paid <time dateTime={r.paidAt}>{formatEarningDay(r.paidAt)}</time>
          </span>
        </>
      ),
    },
    {
      header: 'Gross',
      headerClassName: `w-[10%] ${th}`,
      cellClassName: td,
      cell: (r) => <EarningGross row={r} />,
    },
    {
      header: 'Commission',
      headerClassName: `w-[11%] ${th}`,
      cellClassName: td,
      cell: (r) => <EarningCommission row={r} />,
    },
    ...taxColumns,
    {
      header: 'Net',
      headerClassName: `w-[11%] ${th}`,
      cellClassName: td,
      cell: (r) => <EarningShare row={r} />,
    },
    {
      header: 'State',
      headerClassName: `w-[24%] ${th}`,
      cellClassName: td,
      cell: (r) => (
        <>
          <EarningStateBadge state={r.state} />
          <EarningGatewayNote row={r} className="mt-1" />
          <span className="mt-1 block text-xs text-slate-500">
            Available: <EarningAvailableAt row={r} />
          </span>
        </>
      ),
    },
  ],
  cardListClassName: 'space-y-3',
  card: (r) => <EarningCard row={r} />,
};

function Line({ label, children, total }: { label: string; children: ReactNode; total?: boolean }) {
  return (
    <div
      className={
        total
          ? 'flex items-baseline justify-between gap-3 border-t border-slate-200 pt-1.5'
          : 'flex items-baseline justify-between gap-3'
      }
    >
      <dt className={total ? 'font-semibold text-slate-900' : 'text-slate-600'}>{label}</dt>
      <dd className="min-w-0 text-right break-words">{children}</dd>
    </div>
  );
}

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
      <EarningGatewayNote row={r} className="-mt-1 text-right" />
      <dl className="space-y-1.5 text-sm" aria-label={`Breakdown of order ${r.reference}`}>
        <Line label="Gross">
          <EarningGross row={r} />
        </Line>
        <Line label="Commission">
          <EarningCommission row={r} />
        </Line>
        {EARNING_TAXES.map((t) => (
          <Line key={t.key} label={t.label}>
            <EarningTax amount={r[t.key]} />
          </Line>
        ))}
        <Line label="Net to you" total>
          <EarningShare row={r} />
        </Line>
      </dl>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">Paid</dt>
          <dd>
            <time dateTime={r.paidAt}>{formatEarningDay(r.paidAt)}</time>
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">Available on</dt>
          <dd>
            <EarningAvailableAt row={r} />
          </dd>
        </div>
      </dl>
    </Card>
  );
}
