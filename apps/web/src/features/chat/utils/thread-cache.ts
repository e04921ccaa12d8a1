import type { QueryClient } from '@tanstack/react-query';
import type { ChatMessage, ChatRoom, RoomStatusEvent, RoomsPage } from '@cutroom/contracts/chat';
import { getThreadQueryKey } from '../api/get-messages';
import { getMyRoomsQueryKey } from '../api/get-my-rooms';

/** One room's loaded messages, oldest first, each once. */
export interface Thread {
  messages: ChatMessage[];
  /** Older messages exist on the server beyond the first loaded one. */
  hasOlder: boolean;
}

/**
 * Adds or replaces messages by id and keeps them in the order they were sent. Whatever path a message
 * arrives by (the send acknowledgement, the live event, a catch-up fetch) it is shown once.
 */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current;
  const byId = new Map(current.map((m) => [m._id, m]));
  for (const m of incoming) byId.set(m._id, { ...byId.get(m._id), ...m });
  return [...byId.values()].sort((a, b) => a.sentAt.localeCompare(b.sentAt));
}

export function addToThread(qc: QueryClient, roomId: string, incoming: ChatMessage[]): void {
  qc.setQueryData<Thread>(getThreadQueryKey(roomId), (thread) =>
    thread ? { ...thread, messages: mergeMessages(thread.messages, incoming) } : thread,
  );
}

export function markReadInThread(
  qc: QueryClient,
  roomId: string,
  messageIds: string[],
  readAt: string,
): void {
  const ids = new Set(messageIds);
  qc.setQueryData<Thread>(getThreadQueryKey(roomId), (thread) =>
    thread
      ? {
          ...thread,
          messages: thread.messages.map((m) =>
            ids.has(m._id) && !m.read ? { ...m, read: true, readAt } : m,
          ),
        }
      : thread,
  );
}

function updateRooms(qc: QueryClient, update: (rooms: ChatRoom[]) => ChatRoom[]): void {
  qc.setQueryData<RoomsPage>(getMyRoomsQueryKey(), (page) =>
    page ? { ...page, data: update(page.data) } : page,
  );
}

/**
 * A new message moves its room to the top with the new preview; a message from the other side counts as
 * unread until the open pane reports it seen. Returns false when the room is not in the list yet.
 */
export function bumpRoom(qc: QueryClient, message: ChatMessage, me: string): boolean {
  const page = qc.getQueryData<RoomsPage>(getMyRoomsQueryKey());
  const room = page?.data.find((r) => r._id === message.chatRoom);
  if (!room) return false;
  const fromOther = message.sender !== null && message.sender._id !== me;
  const updated: ChatRoom = {
    ...room,
    lastMessage: { message: message.content, sentAt: message.sentAt, senderId: message.sender?._id ?? null },
    unreadCount: (room.unreadCount ?? 0) + (fromOther && !message.read ? 1 : 0),
  };
  updateRooms(qc, (rooms) => [updated, ...rooms.filter((r) => r._id !== room._id)]);
  return true;
}

export function clearUnread(qc: QueryClient, roomId: string): void {
  updateRooms(qc, (rooms) => rooms.map((r) => (r._id === roomId ? { ...r, unreadCount: 0 } : r)));
}

export function applyRoomStatus(qc: QueryClient, event: RoomStatusEvent): void {
  updateRooms(qc, (rooms) =>
    rooms.map((r) =>
      r._id === event.roomId
        ? { ...r, isFrozen: event.isFrozen, isEnded: event.isEnded, status: event.status }
        : r,
    ),
  );
}
