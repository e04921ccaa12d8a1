import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ClipboardList, MessagesSquare } from 'lucide-react';
import type { AdminDisputeRow } from '@cutroom/contracts/disputes';
import { formatRupees } from '@cutroom/contracts/price';
import { buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/dates';
import { orderPagePath } from '../../../lib/paths';
import { AgeCell, StatusCell } from './queue-cells';

function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="font-semibold wrap-anywhere text-slate-900">{children}</dd>
    </div>
  );
}

/** Where the case stands: which order, why, who, the money at stake and its deadlines. */
export function CaseHeader({ row }: { row: AdminDisputeRow }) {
  const deadline =
    row.status === 'awaiting_response' || row.status === 'answered'
      ? ['Settle or answer by', formatDateTime(row.respondBy)]
      : row.escalatedAt
        ? ['With Cutroom support since', formatDateTime(row.escalatedAt)]
        : null;
  return (
    <Card className="space-y-4 p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-brand-700">Dispute on order {row.orderReference}</p>
          <h1 className="text-xl font-extrabold break-words text-slate-900">{row.orderTitle}</h1>
          <p className="mt-1 text-sm text-slate-600">
            {row.reasonLabel} · opened by the {row.openedBy} on {formatDateTime(row.createdAt)}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <StatusCell row={row} />
          <AgeCell row={row} />
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm lg:grid-cols-4">
        <Term label="Creator">{row.creator}</Term>
        <Term label="Editor">{row.editor}</Term>
        <Term label="Paid (after refunds)">{formatRupees(row.paidAmount)}</Term>
        {deadline && <Term label={deadline[0]!}>{deadline[1]}</Term>}
      </dl>
      <div className="flex flex-wrap gap-2">
        <Link to={orderPagePath(row.orderId)} className={buttonClass('secondary', 'sm')}>
          <ClipboardList className="size-4" aria-hidden /> View order
        </Link>
        <Link
          to={`/admin/dashboard/chat-rooms/${encodeURIComponent(row.roomId)}`}
          className={buttonClass('secondary', 'sm')}
        >
          <MessagesSquare className="size-4" aria-hidden /> View chat room
        </Link>
      </div>
    </Card>
  );
}
