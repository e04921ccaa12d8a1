import { useId, useState } from 'react';
import { Gavel, Scale } from 'lucide-react';
import type { Dispute, DisputeStatus } from '@cutroom/contracts/disputes';
import type { Order } from '@cutroom/contracts/orders';
import { formatRupees } from '@cutroom/contracts/price';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/dates';
import { useOrderDispute } from '../hooks/use-order-dispute';
import { DISPUTE_TEXTS, SideName, otherSide, sideName } from '../utils/texts';
import { DisputeSteps } from './dispute-steps';
import { EvidenceList } from './evidence-list';
import { Statement } from './statement';

type Side = 'creator' | 'editor';

export const DISPUTE_STATUS_TONES: Record<DisputeStatus, BadgeTone> = {
  awaiting_response: 'amber',
  answered: 'blue',
  with_admins: 'brand',
  decided: 'green',
  settled: 'grey',
  withdrawn: 'grey',
};

/** Where the dispute stands and what comes next, in the viewer's words. */
export function disputeStateLine(d: Dispute, side: Side): string {
  const other = otherSide(d.openedBy);
  const by = formatDateTime(d.respondBy);
  switch (d.status) {
    case 'awaiting_response':
      return side === d.openedBy
        ? `The ${other} can answer until ${by}; then, unless you settle between you, Cutroom support decides.`
        : `Answer by ${by}, or it goes to Cutroom support without your side.`;
    case 'answered':
      return `Either of you can send it to Cutroom support, or settle it between you; on ${by} it goes to Cutroom support by itself.`;
    case 'with_admins':
      return `With Cutroom support since ${formatDateTime(d.escalatedAt ?? d.respondBy)}. ${DISPUTE_TEXTS.decisionHours}; the order stays on hold until then.`;
    case 'decided':
      return `Decided by Cutroom support on ${formatDateTime(d.decision?.at ?? d.closedAt ?? d.createdAt)}.`;
    case 'settled':
      return 'The two of you settled it; the order went on.';
    case 'withdrawn':
      return `${SideName(d.openedBy, side)} withdrew it; the order went on.`;
  }
}

/** The decision, what it did with the money, and the note Cutroom support left. */
function Decision({ dispute: d, side }: { dispute: Dispute; side: Side }) {
  const x = d.decision;
  if (!x) return null;
  return (
    <div className="rounded-lg bg-white/80 px-3 py-2 ring-1 ring-emerald-200" data-testid="dispute-decision">
      <p className="flex items-center gap-1.5 font-semibold text-emerald-900">
        <Gavel className="size-4 shrink-0" aria-hidden />
        <span>
          {x.label}
          {x.amount !== null &&
            ` · ${formatRupees(x.amount)} back to ${side === 'creator' ? 'you' : 'the creator'}`}
        </span>
      </p>
      <p className="mt-0.5 break-words whitespace-pre-wrap text-slate-800">“{x.note}”</p>
    </div>
  );
}

/** Both statements and the evidence: open while the dispute is, behind a toggle once it is decided. */
function CaseText({ dispute: d, side }: { dispute: Dispute; side: Side }) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const folded = d.status === 'decided';
  const other = otherSide(d.openedBy);
  const text = (
    <div id={id} className="space-y-2">
      <Statement
        label={`${SideName(d.openedBy, side)} wrote`}
        text={d.statement}
        at={formatDateTime(d.createdAt)}
        testId="dispute-statement"
      />
      {d.response ? (
        <Statement
          label={`${SideName(other, side)} answered`}
          text={d.response.statement}
          at={formatDateTime(d.response.at)}
          testId="dispute-response"
        />
      ) : (
        d.status !== 'awaiting_response' && (
          <p className="text-xs text-slate-600">{SideName(other, side)} did not answer.</p>
        )
      )}
      <EvidenceList disputeId={d._id} evidence={d.evidence} viewer={side} />
    </div>
  );
  if (!folded) return text;
  return (
    <div>
      <button
        type="button"
        className="rounded text-xs font-semibold text-brand-700 hover:underline focus-visible:outline-2! focus-visible:outline-offset-2! focus-visible:outline-brand-600!"
        aria-expanded={shown}
        aria-controls={id}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? 'Hide the statements' : 'Show the statements'}
      </button>
      {shown && <div className="mt-1.5">{text}</div>}
    </div>
  );
}

/**
 * The order's dispute on its card, for both sides: the reason and where it stands, both statements, what
 * each side cited, the deadline or Cutroom support's decision, and the viewer's own steps. Nothing when
 * the order has no dispute to show.
 */
export function DisputeNotice({ order, side }: { order: Order; side: Side }) {
  const { dispute: d } = useOrderDispute(order);
  if (!d) return null;
  const open = d.status !== 'decided';
  return (
    // A group, not a section: the chat's strip reads the nearest section as the orders panel.
    <div
      role="group"
      aria-label={`Dispute on order ${d.orderReference}`}
      className={cn(
        'space-y-2 rounded-lg px-3 py-2 text-sm',
        open ? 'bg-rose-50 text-rose-950 ring-1 ring-rose-200' : 'bg-emerald-50 text-emerald-950',
      )}
      data-testid="order-dispute"
      data-status={d.status}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex min-w-0 items-center gap-1.5 font-semibold">
          <Scale className="size-4 shrink-0" aria-hidden />
          <span className="min-w-0">
            Dispute: {d.reasonLabel}
            <span className="font-normal"> · opened by {sideName(d.openedBy, side)}</span>
          </span>
        </p>
        <Badge tone={DISPUTE_STATUS_TONES[d.status]}>{d.statusLabel}</Badge>
      </div>
      <p className="text-xs" data-testid="dispute-state">
        {disputeStateLine(d, side)}
      </p>
      <Decision dispute={d} side={side} />
      <CaseText dispute={d} side={side} />
      <DisputeSteps dispute={d} side={side} />
    </div>
  );
}
