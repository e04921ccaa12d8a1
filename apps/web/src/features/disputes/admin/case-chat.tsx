import { useEffect, useRef, type RefObject } from 'react';
import type { ChatMessage } from '@cutroom/contracts/chat';
import type { DisputeEvidence } from '@cutroom/contracts/disputes';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/dates';
import type { useCaseMessagesQuery } from '../api/get-case-messages';

export const caseMessageId = (messageId: string) => `case-message-${messageId}`;

/**
 * Scrolls the chat's own box (never the page) so that the message sits a third of the way down; with
 * `focus` (the admin asked to see it) the focus moves there too.
 */
export function scrollToMessage(box: HTMLElement | null, messageId: string, focus = false): boolean {
  const el = document.getElementById(caseMessageId(messageId));
  if (!box || !el || !box.contains(el)) return false;
  // The box is the offset parent (relative): offsetTop is measured from its top.
  box.scrollTop = el.offsetTop - box.clientHeight / 3;
  if (focus) el.focus({ preventScroll: true });
  return true;
}

function Line({ m, names, cited }: { m: ChatMessage; names: Record<string, string>; cited?: string }) {
  if (!m.sender) {
    return (
      <li id={caseMessageId(m._id)} tabIndex={-1} className="px-3 py-1.5 text-xs text-slate-500 italic">
        <time dateTime={m.sentAt}>{formatDateTime(m.sentAt)}</time> · {m.content}
      </li>
    );
  }
  const role = m.sender.role === 'creator' ? 'Creator' : m.sender.role === 'editor' ? 'Editor' : 'Admin';
  return (
    <li
      id={caseMessageId(m._id)}
      tabIndex={-1}
      data-cited={cited ? 'true' : undefined}
      className={cn(
        'rounded-lg px-3 py-2 text-sm focus-visible:outline-2! focus-visible:outline-brand-600!',
        cited ? 'bg-amber-50 ring-2 ring-amber-400' : 'bg-white',
      )}
    >
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
        <span className="min-w-0 font-semibold wrap-anywhere text-slate-700">
          {role}
          {names[m.sender.role] ? ` · ${names[m.sender.role]}` : ''}
        </span>
        <time dateTime={m.sentAt}>{formatDateTime(m.sentAt)}</time>
        {cited && <Badge tone="amber">{cited}</Badge>}
      </p>
      <p className="mt-0.5 break-words whitespace-pre-wrap text-slate-900">{m.content}</p>
    </li>
  );
}

/**
 * The conversation around the dispute, read-only: the newest messages first loaded, earlier ones on
 * demand, every message a side cited highlighted (and the first of them scrolled into view on arrival).
 */
export function CaseChat(props: {
  messages: ReturnType<typeof useCaseMessagesQuery>;
  evidence: DisputeEvidence[];
  names: { creator: string; editor: string };
  boxRef: RefObject<HTMLDivElement | null>;
}) {
  const { messages: q, evidence, boxRef } = props;
  const list = [...(q.data?.pages ?? [])].reverse().flatMap((p) => p.data);
  const citedBy = new Map<string, string>();
  for (const e of evidence) {
    if (!e.messageId) continue;
    const before = citedBy.get(e.messageId);
    const who = e.side === 'creator' ? 'creator' : 'editor';
    citedBy.set(e.messageId, before && !before.includes(who) ? 'Cited by both' : `Cited by the ${who}`);
  }
  const firstCited = list.find((m) => citedBy.has(m._id))?._id;
  const placed = useRef(false);
  useEffect(() => {
    const box = boxRef.current;
    if (placed.current || !box || list.length === 0) return;
    placed.current = true;
    if (!firstCited || !scrollToMessage(box, firstCited)) box.scrollTop = box.scrollHeight;
  }, [boxRef, firstCited, list.length]);

  return (
    <Card className="flex flex-col overflow-hidden" data-testid="case-chat">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-5 py-3">
        <h2 className="text-sm font-bold tracking-wide text-slate-500 uppercase">The chat</h2>
        <p className="text-xs text-slate-500">Cited messages are highlighted.</p>
      </div>
      {q.isPending ? (
        <Spinner label="Loading messages..." />
      ) : q.isError && !q.data ? (
        <p role="alert" className="p-5 text-sm text-red-700">
          Failed to load messages.{' '}
          <button type="button" className="font-semibold underline" onClick={() => q.refetch()}>
            Try Again
          </button>
        </p>
      ) : (
        <div
          ref={boxRef}
          className="relative max-h-[28rem] overflow-y-auto bg-slate-50 p-3"
          aria-label="Chat messages"
          role="region"
        >
          {q.hasNextPage && (
            <div className="mb-2 text-center">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => q.fetchNextPage()}
                disabled={q.isFetchingNextPage}
              >
                {q.isFetchingNextPage ? 'Loading...' : 'Show earlier messages'}
              </Button>
            </div>
          )}
          {list.length === 0 ? (
            <p className="py-8 text-center text-sm text-slate-500">No messages yet</p>
          ) : (
            <ol className="space-y-1.5">
              {list.map((m) => (
                <Line key={m._id} m={m} names={props.names} cited={citedBy.get(m._id)} />
              ))}
            </ol>
          )}
        </div>
      )}
    </Card>
  );
}
