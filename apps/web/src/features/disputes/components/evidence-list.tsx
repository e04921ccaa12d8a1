import type { ReactNode } from 'react';
import { Film, MessageSquare } from 'lucide-react';
import type { DisputeEvidence } from '@cutroom/contracts/disputes';
import { cn } from '../../../lib/cn';
import { SideName } from '../utils/texts';

type Side = 'creator' | 'editor';

/**
 * What each side cited, as it read when cited: the message's words or the delivery's number and kind,
 * under the side that cited it, its messages before its deliveries. `link` turns an item into a link (the admin's case file points at the
 * message in the chat beside it).
 */
export function EvidenceList(props: {
  evidence: DisputeEvidence[];
  viewer?: Side;
  link?: (e: DisputeEvidence) => ReactNode;
  className?: string;
}) {
  const { evidence, viewer } = props;
  if (evidence.length === 0) return null;
  const sides = (['creator', 'editor'] as const).filter((s) => evidence.some((e) => e.side === s));
  return (
    <div className={cn('space-y-1.5', props.className)} data-testid="dispute-evidence">
      {sides.map((s) => (
        <div key={s} className="min-w-0">
          <p className="text-xs font-semibold text-slate-600">
            {viewer === s ? 'You cite' : `${SideName(s)} cites`}
          </p>
          <ul className="mt-0.5 space-y-0.5">
            {evidence
              .filter((e) => e.side === s)
              // Cited together, items share a time and come in any order: messages first, always.
              .sort((a, b) => Number(a.kind === 'delivery') - Number(b.kind === 'delivery'))
              .map((e) => {
                const Icon = e.kind === 'message' ? MessageSquare : Film;
                return (
                  <li key={e._id} className="flex min-w-0 gap-1.5 text-sm text-slate-800">
                    <Icon className="mt-0.5 size-3.5 shrink-0 text-slate-500" aria-hidden />
                    <span className="min-w-0 break-words">{props.link?.(e) ?? e.summary}</span>
                  </li>
                );
              })}
          </ul>
        </div>
      ))}
    </div>
  );
}
