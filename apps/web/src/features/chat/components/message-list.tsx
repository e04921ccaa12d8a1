import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { AlertCircle, ArrowDown, Ban, Check, CheckCheck, Clock } from 'lucide-react';
import type { ChatMessage, ChatRoom } from '@cutroom/contracts/chat';
import { REMOVED_MESSAGE_KIND } from '@cutroom/contracts/moderation';
import { cn } from '../../../lib/cn';
import { OfferRequestLine, offerRequestOf } from '../../orders';
import { Linkified } from './linkify';
import type { PendingMessage } from '../hooks/use-send-message';

const timeOnly = new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit' });
const dateAndTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** Who is looking: a member (own messages on the right, with ticks) or an admin observing read-only. */
export type Viewer = { kind: 'member'; id: string } | { kind: 'observer' };

export interface MessageItemProps {
  message: ChatMessage;
  room: ChatRoom;
  viewer: Viewer;
}

/**
 * How one kind of message is drawn. The list knows `text` and `system`; later features pass renderers for
 * their own kinds (e.g. a delivery card) through the `renderers` prop of MessageList.
 */
export type MessageRenderer = (props: MessageItemProps) => ReactNode;

export const roleLabel = (role: string) =>
  role === 'creator' ? 'Creator' : role === 'editor' ? 'Editor' : role === 'admin' ? 'Admin' : 'System';

function senderName(message: ChatMessage, room: ChatRoom): string {
  if (!message.sender) return 'Cutroom';
  if (message.sender._id === room.creator._id) return room.creator.username;
  if (message.sender._id === room.editor._id) return room.editor.username;
  return roleLabel(message.sender.role);
}

function ReadTicks({ read }: { read: boolean }) {
  return read ? (
    <CheckCheck className="size-4 text-sky-200" aria-label="Read" data-testid="tick-read" />
  ) : (
    <Check className="size-4 text-white/70" aria-label="Sent" data-testid="tick-sent" />
  );
}

export function TextMessage({ message, room, viewer }: MessageItemProps) {
  const own = viewer.kind === 'member' && message.sender?._id === viewer.id;
  return (
    <div className={cn('flex', own ? 'justify-end' : 'justify-start')}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3.5 py-2 shadow-sm sm:max-w-[70%]',
          own
            ? 'rounded-br-md bg-brand-600 text-white'
            : 'rounded-bl-md bg-white text-slate-900 ring-1 ring-slate-200',
        )}
        data-testid="chat-message"
        data-own={own ? 'true' : 'false'}
      >
        {viewer.kind === 'observer' && message.sender && (
          <p className="mb-0.5 text-xs font-semibold text-slate-500">
            {roleLabel(message.sender.role)} · {senderName(message, room)}
          </p>
        )}
        <p className="text-sm break-words whitespace-pre-wrap">
          <Linkified text={message.content} />
        </p>
        <p
          className={cn(
            'mt-1 flex items-center justify-end gap-1 text-[11px]',
            own ? 'text-white/75' : 'text-slate-400',
          )}
        >
          <time dateTime={message.sentAt}>
            {(viewer.kind === 'observer' ? dateAndTime : timeOnly).format(new Date(message.sentAt))}
          </time>
          {own && <ReadTicks read={message.read} />}
        </p>
      </div>
    </div>
  );
}

export function SystemLine({ message, room, viewer }: MessageItemProps) {
  // A creator's request for an offer is a card the editor can answer from.
  const offerRequest = offerRequestOf(message);
  if (offerRequest) {
    return (
      <OfferRequestLine
        request={offerRequest}
        room={room}
        viewerId={viewer.kind === 'member' ? viewer.id : null}
      />
    );
  }
  return (
    <div className="flex justify-center" data-testid="chat-system-line">
      <p className="max-w-[85%] rounded-full bg-slate-100 px-3 py-1 text-center text-xs text-slate-600">
        <Linkified text={message.content} />
      </p>
    </div>
  );
}

/** A message an admin removed: where it was, in the sender's place, without its text. */
export function RemovedMessage({ message, viewer }: MessageItemProps) {
  const own = viewer.kind === 'member' && message.sender?._id === viewer.id;
  return (
    <div className={cn('flex', own ? 'justify-end' : 'justify-start')}>
      <p
        className="flex max-w-[85%] items-center gap-1.5 rounded-2xl border border-dashed border-slate-300 px-3.5 py-2 text-sm text-slate-500 italic sm:max-w-[70%]"
        data-testid="chat-message-removed"
      >
        <Ban className="size-4 shrink-0" aria-hidden />
        {message.content}
      </p>
    </div>
  );
}

export const defaultMessageRenderers: Record<string, MessageRenderer> = {
  text: TextMessage,
  system: SystemLine,
  [REMOVED_MESSAGE_KIND]: RemovedMessage,
};

function PendingBubble({
  message,
  onRetry,
  onDiscard,
}: {
  message: PendingMessage;
  onRetry?: (clientId: string) => void;
  onDiscard?: (clientId: string) => void;
}) {
  const failed = message.status === 'failed';
  return (
    <div className="flex flex-col items-end gap-1">
      <div
        className={cn(
          'max-w-[85%] rounded-2xl rounded-br-md px-3.5 py-2 text-white shadow-sm sm:max-w-[70%]',
          failed ? 'bg-red-500' : 'bg-brand-600/70',
        )}
        data-testid="chat-message-pending"
      >
        <p className="text-sm break-words whitespace-pre-wrap">{message.content}</p>
        <p className="mt-1 flex items-center justify-end gap-1 text-[11px] text-white/80">
          {failed ? (
            <>
              <AlertCircle className="size-3.5" aria-hidden /> Not sent
            </>
          ) : (
            <>
              <Clock className="size-3.5" aria-hidden /> Sending...
            </>
          )}
        </p>
      </div>
      {failed && (
        <div className="flex gap-3 text-xs font-semibold">
          <button
            type="button"
            className="text-brand-700 hover:underline"
            onClick={() => onRetry?.(message.clientId)}
          >
            Retry
          </button>
          <button
            type="button"
            className="text-slate-500 hover:underline"
            onClick={() => onDiscard?.(message.clientId)}
          >
            Discard
          </button>
        </div>
      )}
    </div>
  );
}

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

/** Within this many pixels of the end the reader counts as at the newest line. */
const AT_BOTTOM_PX = 80;

/** Messages after `seenUpTo` that someone else wrote: what a reader scrolled up has not seen yet. */
function countUnseen(messages: ChatMessage[], seenUpTo: string | undefined, viewer: Viewer): number {
  const from = seenUpTo ? messages.findIndex((m) => m._id === seenUpTo) : -1;
  if (seenUpTo && from < 0) return 0;
  return messages.slice(from + 1).filter((m) => !(viewer.kind === 'member' && m.sender?._id === viewer.id))
    .length;
}

/**
 * The scrolling message log. It opens at the newest line and stays there while the reader is at the
 * bottom: on new messages (own or incoming) and when its box changes size (the panels above it loading
 * or folding). A reader who scrolled up keeps their place: new messages show a button to jump down
 * instead. Loading older messages keeps the place too.
 */
export function MessageList(props: MessageListProps) {
  const { room, messages, viewer, pending = [], hasOlder, loadingOlder, onLoadOlder } = props;
  const renderers = { ...defaultMessageRenderers, ...props.renderers };
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const firstId = useRef<string | undefined>(undefined);
  const heightBefore = useRef(0);
  // The same as atBottom, for drawing: the jump button shows only while the reader is away.
  const [pinned, setPinned] = useState(true);
  // The newest message when the reader left the bottom: what came after it is new to them.
  const [seenUpTo, setSeenUpTo] = useState<string | undefined>(undefined);

  const confirmed = new Set(messages.map((m) => m.clientId));
  const waiting = pending.filter((p) => !confirmed.has(p.clientId));
  const lastId = messages.at(-1)?._id;
  const lastKey = `${lastId}:${waiting.length}`;
  const unseen = pinned ? 0 : countUnseen(messages, seenUpTo, viewer);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const olderLoaded = firstId.current !== undefined && messages[0]?._id !== firstId.current;
    if (olderLoaded && !atBottom.current) {
      el.scrollTop += el.scrollHeight - heightBefore.current;
    } else if (atBottom.current || waiting.length > 0) {
      // Sending brings the reader to their own message wherever they were.
      el.scrollTop = el.scrollHeight;
      atBottom.current = true;
    }
    firstId.current = messages[0]?._id;
    heightBefore.current = el.scrollHeight;
  }, [lastKey, messages, waiting.length]);

  // The box shrinks when the panels above it load or open, and lines grow (a card drawn late): a reader
  // at the bottom stays there. No scroll event tells of either.
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) el.scrollTop = el.scrollHeight;
      heightBefore.current = el.scrollHeight;
    });
    observer.observe(el);
    if (content.current) observer.observe(content.current);
    return () => observer.disconnect();
  }, []);

  const toNewest = () => {
    const el = scroller.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    atBottom.current = true;
    setPinned(true);
  };

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={scroller}
        className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-3 py-4 sm:px-5"
        data-testid="message-list"
        onScroll={(e) => {
          const el = e.currentTarget;
          const bottom = el.scrollHeight - el.scrollTop - el.clientHeight < AT_BOTTOM_PX;
          atBottom.current = bottom;
          heightBefore.current = el.scrollHeight;
          if (bottom === pinned) return;
          setPinned(bottom);
          if (!bottom) setSeenUpTo(lastId);
        }}
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
