import { Link } from 'react-router';
import { formatRupees } from '@cutroom/contracts/money';
import type { ReconciliationFinding } from '@cutroom/contracts/reconciliation';
import { Badge } from '../../../components/ui/badge';
import { focusRing } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import type { ListLayout } from '../../../components/ui/responsive-list';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/dates';
import { orderPagePath } from '../../../lib/paths';

export const FINDINGS_LABEL = 'Reconciliation findings';

const td = 'px-3 whitespace-normal';
const link = cn('rounded font-semibold text-brand-700 underline-offset-2 hover:underline', focusRing);

/** Our order's reference, linking to its admin page, and the gateway's order id under it. */
function OrderCell({ finding: f }: { finding: ReconciliationFinding }) {
  if (!f.orderReference && !f.gatewayOrderId) return <span className="text-slate-400">—</span>;
  return (
    <span className="flex min-w-0 flex-col gap-0.5">
      {f.orderReference &&
        (f.orderId ? (
          <Link to={orderPagePath(f.orderId)} className={cn(link, 'self-start')}>
            {f.orderReference}
          </Link>
        ) : (
          <span className="font-semibold text-slate-900">{f.orderReference}</span>
        ))}
      {f.gatewayOrderId && (
        <span className="font-mono text-xs break-all text-slate-500" title="The gateway's order id">
          {f.gatewayOrderId}
        </span>
      )}
    </span>
  );
}

const amount = (f: ReconciliationFinding) => (f.amount === null ? '—' : formatRupees(f.amount));

const when = (f: ReconciliationFinding) => <time dateTime={f.createdAt}>{formatDateTime(f.createdAt)}</time>;

/**
 * The findings, newest first. On xl screens a fixed table as wide as the admin content box (about
 * 950 px at 1280) with set shares: ids break anywhere and the two sentences wrap, so nothing widens it.
 * Below xl a card per finding: what kind and when on top, the order and the amount, then what was found
 * and what was done; every text may shrink and break, so nothing scrolls sideways at 390.
 */
export const findingsLayout: ListLayout<ReconciliationFinding> = {
  label: FINDINGS_LABEL,
  itemKey: (f) => f.id,
  tableClassName: 'w-full table-fixed',
  rowProps: (f) => ({ 'data-finding-kind': f.kind, className: 'align-top' }),
  columns: [
    { header: 'Time', headerClassName: 'w-[13%] px-3', cellClassName: td, cell: when },
    {
      header: 'Kind',
      headerClassName: 'w-[15%] px-3',
      cellClassName: `${td} font-medium text-slate-900`,
      cell: (f) => f.kindLabel,
    },
    {
      header: 'Order',
      headerClassName: 'w-[16%] px-3',
      cellClassName: td,
      cell: (f) => <OrderCell finding={f} />,
    },
    {
      header: 'Amount',
      headerClassName: 'w-[11%] px-3',
      cellClassName: `${td} tabular-nums wrap-anywhere`,
      cell: amount,
    },
    {
      header: 'Found',
      headerClassName: 'w-[22.5%] px-3',
      cellClassName: `${td} break-words`,
      cell: (f) => f.found,
    },
    {
      header: 'Action',
      headerClassName: 'w-[22.5%] px-3',
      cellClassName: `${td} break-words`,
      cell: (f) => f.action,
    },
  ],
  cardListClassName: 'grid gap-3 md:grid-cols-2',
  cardItemProps: (f) => ({ 'data-finding-kind': f.kind, className: 'min-w-0' }),
  card: (f) => <FindingCard finding={f} />,
};

function FindingCard({ finding: f }: { finding: ReconciliationFinding }) {
  return (
    <Card className="flex h-full flex-col gap-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Badge tone="amber" className="max-w-full break-words whitespace-normal">
          {f.kindLabel}
        </Badge>
        <span className="text-xs text-slate-500">{when(f)}</span>
      </div>
      <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 text-sm">
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">Order</dt>
          <dd>
            <OrderCell finding={f} />
          </dd>
        </div>
        <div className="text-right">
          <dt className="text-xs text-slate-500">Amount</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">{amount(f)}</dd>
        </div>
      </dl>
      <dl className="space-y-2 text-sm">
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">Found</dt>
          <dd className="break-words text-slate-700">{f.found}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">Action</dt>
          <dd className="break-words text-slate-700">{f.action}</dd>
        </div>
      </dl>
    </Card>
  );
}
