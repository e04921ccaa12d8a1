import type { ReactNode } from 'react';
import { ArrowDown } from 'lucide-react';
import type { ChatMessage, ChatRoom } from '@cutroom/contracts/chat';
import { useStickToNewest } from '../hooks/use-stick-to-newest';
import type { PendingMessage } from '../hooks/use-send-message';
import { defaultMessageRenderers, SystemLine, type MessageRenderer, type Viewer } from './message-items';
import { PendingBubble } from './pending-bubble';

export interface MessageListProps {
  room: ChatRoom;
  messages: ChatMessage[];
  viewer: Viewer;
  pending?: PendingMessage[];
  /** Renderers by message kind, on top of text and system. */
  renderers?: Record<string, MessageRenderer>;
  hasOlder?: boolean;
  loadingOlder?: boolean;
  onLoadOlder?: () => void;
  onRetry?: (clientId: string) => void;
  onDiscard?: (clientId: string) => void;
  empty?: ReactNode;
}

/**
 * The scrolling message log, oldest first, then the viewer's own messages on their way. It keeps to the
 * newest line unless the reader scrolled up (use-stick-to-newest.ts), and can load older messages.
 */
export function MessageList(props: MessageListProps) {
  const { room, messages, viewer, pending = [], hasOlder, loadingOlder, onLoadOlder } = props;
  const renderers = { ...defaultMessageRenderers, ...props.renderers };
  const confirmed = new Set(messages.map((m) => m.clientId));
  const waiting = pending.filter((p) => !confirmed.has(p.clientId));
  const { scroller, content, onScroll, unseen, toNewest } = useStickToNewest(
    messages,
    waiting.length,
    viewer,
  );

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={scroller}
        className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-3 py-4 sm:px-5"
        data-testid="message-list"
        onScroll={onScroll}
      >
        <div ref={content}>
          {hasOlder && (
            <div className="mb-3 flex justify-center">
              <button
                type="button"
                onClick={onLoadOlder}
                disabled={loadingOlder}
                className="rounded-full bg-white px-3 py-1 text-xs font-semibold text-slate-600 ring-1 ring-slate-200 hover:bg-slate-100 disabled:opacity-60"
              >
                {loadingOlder ? 'Loading...' : 'Load older messages'}
              </button>
            </div>
          )}
          {messages.length === 0 && waiting.length === 0 ? (
            (props.empty ?? null)
          ) : (
            <ol className="space-y-2" role="log" aria-label="Messages" aria-live="polite">
              {messages.map((message) => {
                const Render = renderers[message.kind] ?? SystemLine;
                return (
                  <li key={message._id}>
                    <Render message={message} room={room} viewer={viewer} />
                  </li>
                );
              })}
              {waiting.map((p) => (
                <li key={p.clientId}>
                  <PendingBubble message={p} onRetry={props.onRetry} onDiscard={props.onDiscard} />
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
      {unseen > 0 && (
        <button
          type="button"
          onClick={toNewest}
          className="absolute bottom-3 left-1/2 z-10 flex -translate-x-1/2 items-center gap-1.5 rounded-full bg-brand-600 px-3.5 py-1.5 text-xs font-semibold text-white shadow-lg ring-1 ring-white hover:bg-brand-700"
          data-testid="jump-to-newest"
        >
          <ArrowDown className="size-4" aria-hidden />
          {unseen === 1 ? '1 new message' : `${unseen} new messages`}
        </button>
      )}
    </div>
  );
}
