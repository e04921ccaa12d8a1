import type {
  ChatAdminAction,
  ChatMessage,
  ChatRoom,
  ChatRoomStatus,
  MessagesPage,
  RoomsPage,
} from '@cutroom/contracts/chat';
import { api } from '../../../lib/api';

/** Query keys of the chat caches; the live socket handlers write into the same entries. */
export const chatKeys = {
  myRooms: ['chat', 'my-rooms'] as const,
  thread: (roomId: string) => ['chat', 'thread', roomId] as const,
  adminRooms: (status: ChatRoomStatus | 'All') => ['admin', 'chat-rooms', status] as const,
  adminRoom: (roomId: string) => ['admin', 'chat-room', roomId] as const,
};

/** GET /api/chat/my-rooms (SPEC.md §7): the signed-in member's rooms, latest activity first. */
export const fetchMyRooms = (signal?: AbortSignal) => api.get<RoomsPage>('/chat/my-rooms', { signal });

/** POST /api/chat/initiate: the creator's one room with that editor (created on the first call). */
export const initiateChat = (editorId: string) =>
  api.post<{ roomId: string; data: ChatRoom }>('/chat/initiate', { editorId });

/** GET /api/chat/{roomId}/messages: a page, oldest to newest; `before`/`after` are message ids. */
export function fetchMessages(
  roomId: string,
  cursor: { before?: string; after?: string; limit?: number } = {},
  signal?: AbortSignal,
) {
  const query = new URLSearchParams();
  if (cursor.before) query.set('before', cursor.before);
  if (cursor.after) query.set('after', cursor.after);
  if (cursor.limit) query.set('limit', String(cursor.limit));
  const qs = query.toString();
  return api.get<MessagesPage>(`/chat/${roomId}/messages${qs ? `?${qs}` : ''}`, { signal });
}

/** POST /api/chat/message: the same service as the socket's sendMessage. */
export const postMessage = (chatRoomId: string, content: string, clientId: string) =>
  api.post<{ data: ChatMessage }>('/chat/message', { chatRoomId, content, clientId });

export function fetchAdminRooms(
  opts: { status: ChatRoomStatus | 'All'; cursor?: string },
  signal?: AbortSignal,
) {
  const query = new URLSearchParams();
  if (opts.status !== 'All') query.set('status', opts.status);
  if (opts.cursor) query.set('cursor', opts.cursor);
  const qs = query.toString();
  return api.get<RoomsPage>(`/admin/chat-rooms${qs ? `?${qs}` : ''}`, { signal });
}

export const fetchAdminRoom = (roomId: string, signal?: AbortSignal) =>
  api.get<{ data: ChatRoom }>(`/admin/chat-rooms/${roomId}`, { signal });

/** PATCH /api/admin/chat/{id}/freeze|unfreeze|end|unend. */
export const moderateChatRoom = (roomId: string, action: ChatAdminAction) =>
  api.patch<{ message: string; data: ChatRoom }>(`/admin/chat/${roomId}/${action}`);
