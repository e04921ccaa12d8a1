import { Gavel } from 'lucide-react';
import type { AdminDisputeRow } from '@cutroom/contracts/disputes';
import { formatRupees } from '@cutroom/contracts/price';
import { Card } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/dates';
import { otherSide } from '../utils/texts';
import { DecisionForm } from './decision-form';

/** Why there is nothing to decide yet, or what was decided. */
function stateOf(row: AdminDisputeRow): string {
  switch (row.status) {
    case 'awaiting_response':
      return `Waiting for the ${otherSide(row.openedBy)}'s answer until ${formatDateTime(row.respondBy)}. It comes to Cutroom support when a side sends it, or by itself then.`;
    case 'answered':
      return `Answered. It comes to Cutroom support when a side sends it, or by itself on ${formatDateTime(row.respondBy)}.`;
    case 'settled':
      return `The two sides settled it themselves${row.closedAt ? ` on ${formatDateTime(row.closedAt)}` : ''}.`;
    case 'withdrawn':
      return `The ${row.openedBy} withdrew it${row.closedAt ? ` on ${formatDateTime(row.closedAt)}` : ''}.`;
    default:
      return '';
  }
}

/** The case's decision: the form while it is with Cutroom support, the decision once made. */
export function DecisionPanel({ row }: { row: AdminDisputeRow }) {
  const x = row.decision;
  return (
    <Card className="space-y-4 p-5" data-testid="case-decision">
      <h2 className="flex items-center gap-2 text-sm font-bold tracking-wide text-slate-500 uppercase">
        <Gavel className="size-4" aria-hidden /> Decision
      </h2>
      {row.actions.includes('decide') ? (
        <DecisionForm row={row} />
      ) : x ? (
        <div className="space-y-2 text-sm" data-testid="case-decided">
          <p className="font-semibold text-slate-900">
            {x.label}
            {x.amount !== null && ` · ${formatRupees(x.amount)} refunded`}
          </p>
          <p className="text-xs text-slate-500">Decided {formatDateTime(x.at)}</p>
          <blockquote className="rounded-lg bg-slate-50 px-3 py-2 break-words whitespace-pre-wrap text-slate-800">
            “{x.note}”
          </blockquote>
        </div>
      ) : (
        <p className="text-sm text-slate-600">{stateOf(row)}</p>
      )}
    </Card>
  );
}
