import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { chatRoomClosedReason, type ChatRoom } from '@cutroom/contracts/chat';
import type { TierTitle } from '@cutroom/contracts/portfolio';
import type { User } from '@cutroom/contracts/roles';
import { Badge } from '../../../components/ui/badge';
import { Spinner } from '../../../components/ui/spinner';
import { DeliveryPanel, SendDeliveryModal } from '../../delivery';
import { orderDisputeParts } from '../../disputes';
import { OrderPanel } from '../../orders';
import { useOverflowBelow } from '../hooks/use-overflow-below';
import { addToThread } from '../utils/thread-cache';
import { ClosedRoomBanner } from './closed-room-banner';
import { Composer } from './composer';
import { ConnectionIndicator } from './connection-indicator';
import type { MessageRenderer } from './message-items';
import { MessageList } from './message-list';
import { counterpartOf } from './room-list';
import type { ChatConnection } from '../hooks/use-chat-socket';
import { useMarkSeen } from '../hooks/use-mark-seen';
import { useOlderMessages, useThread } from '../hooks/use-thread';
import { useSendMessage } from '../hooks/use-send-message';
import { useOtherTyping, useTypingSender } from '../hooks/use-typing';
import { reportRefusal } from '../../../lib/report-refusal';

/** The open room: header, admin banner, live messages, typing indicator and the message box. */
export function MessagePane(props: {
  room: ChatRoom;
  me: User;
  connection: ChatConnection;
  renderers?: Record<string, MessageRenderer>;
  /** A tier card sent the creator here to ask for an offer for this tier. */
  askOffer?: TierTitle | null;
  onAskOfferShown?: () => void;
}) {
  const { room, me, connection } = props;
  const queryClient = useQueryClient();
  const strip = useOverflowBelow<HTMLDivElement, HTMLDivElement>();
  const { socket, state, connections } = connection;
  const roomId = room._id;
  const other = counterpartOf(room, me.role);
  const otherLabel = me.role === 'creator' ? 'Editor' : 'Creator';
  const closed = chatRoomClosedReason(room);

  const thread = useThread(roomId);
  const older = useOlderMessages(roomId, thread.data);
  const messages = thread.data?.messages ?? [];
  const { pending, send, retry, discard } = useSendMessage(roomId, socket, me._id);
  const typing = useTypingSender(socket, roomId, me._id);
  const otherTyping = useOtherTyping(socket, roomId, me.role);
  const [joinError, setJoinError] = useState<string | null>(null);
  useMarkSeen(socket, state === 'connected', roomId, messages, me._id);

  // SPEC.md §4: the room is joined with roomId and userId; again after every reconnection.
  useEffect(() => {
    if (!socket || state !== 'connected') return;
    let live = true;
    socket
      .timeout(8000)
      .emitWithAck('joinRoom', { roomId, userId: me._id })
      .then((ack) => live && setJoinError(ack.ok ? null : ack.error))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [socket, state, connections, roomId, me._id]);

  return (
    <section className="flex min-h-0 flex-1 flex-col" aria-label={`Chat with ${other.username}`}>
      <header className="flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3">
        <div className="flex min-w-0 items-center gap-3">
          <span
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-700 uppercase"
            aria-hidden
          >
            {other.username.slice(0, 2)}
          </span>
          <div className="min-w-0">
            <h2 className="truncate font-bold text-slate-900" data-testid="chat-counterpart">
              {other.username}
            </h2>
            <Badge tone="brand">{otherLabel}</Badge>
          </div>
        </div>
        <ConnectionIndicator state={state} />
      </header>

      <ClosedRoomBanner room={room} viewer={me.role} />
      {joinError && (
        <p role="alert" className="border-b border-red-200 bg-red-50 px-4 py-2 text-sm text-red-700">
          {joinError}
        </p>
      )}
      {/*
        Orders and deliveries share one bounded strip that scrolls by itself: about a fifth of the screen
        (176 px at 1280×800, 186 px at 390×844), so the messages keep well over half of the pane.
      */}
      <div className="flex max-h-[clamp(7rem,22dvh,16rem)] shrink-0 flex-col">
        <div
          ref={strip.box}
          className="relative min-h-0 overflow-y-auto overscroll-contain"
          data-testid="chat-panels"
        >
          <OrderPanel
            room={room}
            me={me}
            socket={socket}
            DeliveryForm={SendDeliveryModal}
            disputes={orderDisputeParts}
            askOffer={props.askOffer}
            onAskOfferShown={props.onAskOfferShown}
            // The line also arrives over the socket; showing it now spares the wait (duplicates are merged).
            onOfferRequested={(line) => addToThread(queryClient, roomId, [line])}
          />
          <DeliveryPanel room={room} me={me} socket={socket} />
          <div ref={strip.end} aria-hidden className="h-px" />
        </div>
        {/*
          Content cut at the strip's edge reads as missing without a cue. The cue has its own line under the
          scrolling box, never over it: laid over the box it covered whatever sat at the bottom edge (a
          receipt's Download PDF). The line is there while the strip scrolls at all, whether or not the cue
          shows, so scrolling to the end never resizes the box under a click ("Send request" moving away).
        */}
        {strip.overflows && (
          <div
            aria-hidden
            className="flex h-5 shrink-0 items-center justify-center border-t border-slate-100 bg-white text-[11px] font-medium text-slate-500"
          >
            {strip.below ? 'More below ↓' : ''}
          </div>
        )}
      </div>

      {thread.isPending ? (
        <div className="flex-1 bg-slate-50">
          <Spinner label="Loading messages..." />
        </div>
      ) : thread.isError && !thread.data ? (
        <div
          role="alert"
          className="flex flex-1 flex-col items-center justify-center gap-2 bg-slate-50 text-sm"
        >
          <p className="text-red-700">Failed to load messages.</p>
          <button
            type="button"
            className="font-semibold text-brand-700 hover:underline"
            onClick={() => thread.refetch()}
          >
            Try Again
          </button>
        </div>
      ) : (
        <MessageList
          room={room}
          messages={messages}
          viewer={{ kind: 'member', id: me._id }}
          pending={pending}
          renderers={props.renderers}
          hasOlder={thread.data?.hasOlder}
          loadingOlder={older.loading}
          onLoadOlder={older.load}
          onRetry={retry}
          onDiscard={discard}
          empty={
            <p className="py-10 text-center text-sm text-slate-500">
              Say hello to {other.username}. Keep contact details off the chat: everything happens here.
            </p>
          }
        />
      )}

      <p
        className="h-6 bg-slate-50 px-4 text-xs text-slate-500 italic"
        aria-live="polite"
        data-testid="typing-indicator"
      >
        {otherTyping ? `${other.username} is typing...` : ''}
      </p>
      <Composer
        disabled={closed !== null}
        onSend={send}
        onKeystroke={typing.keystroke}
        onStopTyping={typing.stop}
        onRefused={(text) => reportRefusal({ place: 'chat_message', text, roomId })}
      />
    </section>
  );
}
