import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ChatMessage, MessageSeenEvent, RoomStatusEvent } from '@cutroom/contracts/chat';
import { MESSAGE_REMOVED_EVENT } from '@cutroom/contracts/moderation';
import { getMessages, getThreadQueryKey, threadsKey } from '../api/get-messages';
import { getMyRoomsQueryKey } from '../api/get-my-rooms';
import {
  addToThread,
  applyRoomStatus,
  bumpRoom,
  clearUnread,
  markReadInThread,
  type Thread,
} from '../utils/thread-cache';
import type { ChatConnection } from './use-chat-socket';

const STATUS_EVENTS = ['chatFrozen', 'chatUnfrozen', 'chatEnded', 'chatReopened'] as const;

/**
 * Keeps the member's room list and loaded threads current from pushed events (SPEC.md §4), and after each
 * (re)connection fetches whatever was sent while the connection was down, so nothing is ever missed.
 */
export function useChatLive({ socket, connections }: ChatConnection, me: string): void {
  const qc = useQueryClient();

  useEffect(() => {
    if (!socket) return;
    const onMessage = (message: ChatMessage) => {
      addToThread(qc, message.chatRoom, [message]);
      // A room the list does not know yet (a creator just wrote for the first time): load the list again.
      if (!bumpRoom(qc, message, me)) void qc.invalidateQueries({ queryKey: getMyRoomsQueryKey() });
    };
    // An admin removed a message: the same message, now a notice, replaces it where it is shown.
    const onRemoved = (message: ChatMessage) => {
      addToThread(qc, message.chatRoom, [message]);
      void qc.invalidateQueries({ queryKey: getMyRoomsQueryKey() });
    };
    const onSeen = (event: MessageSeenEvent) => {
      markReadInThread(qc, event.roomId, [event.messageId], event.readAt);
      // The other member's messages were read: by me, on this tab or another one. The reader reports the
      // newest unread message, and the server marks it and every earlier one, so the room has none left.
      if (event.sender !== me) clearUnread(qc, event.roomId);
    };
    const onStatus = (event: RoomStatusEvent) => applyRoomStatus(qc, event);
    socket.on('newMessage', onMessage);
    socket.on(MESSAGE_REMOVED_EVENT, onRemoved);
    socket.on('messageSeen', onSeen);
    for (const name of STATUS_EVENTS) socket.on(name, onStatus);
    return () => {
      socket.off('newMessage', onMessage);
      socket.off(MESSAGE_REMOVED_EVENT, onRemoved);
      socket.off('messageSeen', onSeen);
      for (const name of STATUS_EVENTS) socket.off(name, onStatus);
    };
  }, [socket, qc, me]);

  // The tab's socket is shared and may have connected long before this page opened.
  const firstConnection = useRef(Math.max(connections, 1));
  useEffect(() => {
    if (connections === 0) return;
    // The connection the page starts with comes right as the list loads; later ones follow a gap.
    void catchUp(qc, { rooms: connections > firstConnection.current });
  }, [connections, qc]);
}

/** Fetches, for every loaded thread, the messages after its newest one; refreshes the room list. */
export async function catchUp(qc: QueryClient, opts: { rooms?: boolean } = {}): Promise<void> {
  if (opts.rooms ?? true) void qc.invalidateQueries({ queryKey: getMyRoomsQueryKey() });
  const threads = qc.getQueriesData<Thread>({ queryKey: threadsKey });
  await Promise.all(
    threads.map(async ([key, thread]) => {
      // A thread still loading will get the newest messages by itself.
      if (!thread) return;
      const roomId = key[2] as string;
      let last = thread.messages.at(-1)?._id;
      if (!last) {
        await qc.invalidateQueries({ queryKey: getThreadQueryKey(roomId) });
        return;
      }
      try {
        for (let pages = 0; pages < 20; pages++) {
          const page = await getMessages(roomId, { after: last, limit: 100 });
          addToThread(qc, roomId, page.data);
          last = page.data.at(-1)?._id ?? last;
          if (!page.hasMore) break;
        }
      } catch {
        // The next reconnection or a reload tries again; the thread keeps what it has.
      }
    }),
  );
}
