import type { ReactNode } from 'react';
import { Film, MessageSquare, Paperclip } from 'lucide-react';
import type { DisputeEvidence } from '@cutroom/contracts/disputes';
import { cn } from '../../../lib/cn';
import { SideName } from '../utils/texts';
import { EvidenceFile } from './evidence-file';

type Side = 'creator' | 'editor';

const ICONS = { message: MessageSquare, delivery: Film, file: Paperclip } as const;
const RANK = { message: 0, delivery: 1, file: 2 } as const;

/**
 * What each side cited, as it read when cited (the message's words, the delivery's number and kind) and
 * the files it attached, under the side that gave them: messages, then deliveries, then files. `link`
 * turns a cited item into a link (the admin's case file points at the message in the chat beside it);
 * files always come with their download.
 */
export function EvidenceList(props: {
  disputeId: string;
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
              .sort((a, b) => RANK[a.kind] - RANK[b.kind])
              .map((e) => {
                const Icon = ICONS[e.kind];
                return (
                  <li key={e._id} className="flex min-w-0 gap-1.5 text-sm text-slate-800">
                    <Icon className="mt-0.5 size-3.5 shrink-0 text-slate-500" aria-hidden />
                    <span className="min-w-0 break-words">
                      {e.kind === 'file' ? (
                        <EvidenceFile disputeId={props.disputeId} evidence={e} />
                      ) : (
                        (props.link?.(e) ?? e.summary)
                      )}
                    </span>
                  </li>
                );
              })}
          </ul>
        </div>
      ))}
    </div>
  );
}
