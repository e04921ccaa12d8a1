import type { ReactNode } from 'react';
import { Ban, Check, CheckCheck } from 'lucide-react';
import type { ChatMessage, ChatRoom } from '@cutroom/contracts/chat';
import { REMOVED_MESSAGE_KIND } from '@cutroom/contracts/moderation';
import { cn } from '../../../lib/cn';
import { OfferRequestLine, offerRequestOf } from '../../orders';
import { Linkified } from './linkify';

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
