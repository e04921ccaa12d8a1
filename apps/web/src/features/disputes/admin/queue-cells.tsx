import { Link } from 'react-router';
import type { AdminDisputeRow } from '@cutroom/contracts/disputes';
import { formatRupees } from '@cutroom/contracts/price';
import { Badge } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button';
import { DISPUTE_STATUS_TONES } from '../components/dispute-notice';
import { ageLabel, ageWords } from '../utils/age';
import { disputePath } from '../utils/paths';

/** Cells of a queue row shared by the table and the cards. */

/** How long the case has been open ('3 d'), and 'Overdue' once a decision is late. */
export function AgeCell({ row }: { row: AdminDisputeRow }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Badge tone="grey">
        <span aria-hidden>{ageLabel(row.createdAt)}</span>
        <span className="sr-only">{ageWords(row.createdAt)}</span>
      </Badge>
      {row.overdue && <Badge tone="red">Overdue</Badge>}
    </span>
  );
}

export function StatusCell({ row }: { row: AdminDisputeRow }) {
  return <Badge tone={DISPUTE_STATUS_TONES[row.status]}>{row.statusLabel}</Badge>;
}

export function OrderCell({ row }: { row: AdminDisputeRow }) {
  return (
    <>
      <span className="block font-semibold text-slate-900">{row.orderReference}</span>
      <span className="block text-xs break-words text-slate-600">{row.orderTitle}</span>
    </>
  );
}

/** Both names in one cell of the table: the creator, then the editor, each named for a screen reader. */
export function SidesCell({ row }: { row: AdminDisputeRow }) {
  return (
    <>
      <span className="block">
        <span className="sr-only">Creator: </span>
        <span>{row.creator}</span>
      </span>
      <span className="block text-slate-600">
        <span className="sr-only">Editor: </span>
        <span>{row.editor}</span>
      </span>
    </>
  );
}

export const paid = (row: AdminDisputeRow) => formatRupees(row.paidAmount);

export function OpenCaseLink({ row }: { row: AdminDisputeRow }) {
  return (
    <Link
      to={disputePath(row._id)}
      className={`${buttonClass('secondary', 'sm')} whitespace-nowrap`}
      aria-label={`Open the case of order ${row.orderReference}`}
    >
      Open case
    </Link>
  );
}
