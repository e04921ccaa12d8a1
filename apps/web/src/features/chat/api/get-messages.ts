import type { MessagesPage } from '@cutroom/contracts/chat';
import { api } from '../../../lib/api';

/** GET /api/chat/{roomId}/messages: a page, oldest to newest; `before`/`after` are message ids. */
export function getMessages(
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

/** Every room's loaded messages are under this key (a room's thread: use-thread.ts). */
export const threadsKey = ['chat', 'thread'] as const;

/** One room's loaded messages; the live socket handlers write into the same entry. */
export const getThreadQueryKey = (roomId: string) => [...threadsKey, roomId] as const;
