import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatRoom } from '@cutroom/contracts/chat';
import { api } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/react-query';

/** GET /api/admin/chat-rooms/{roomId}: one room, as an admin sees it. */
export const getAdminRoom = (roomId: string, signal?: AbortSignal) =>
  api.get<{ data: ChatRoom }>(`/admin/chat-rooms/${roomId}`, { signal });

export const getAdminRoomQueryKey = (roomId: string) => ['admin', 'chat-room', roomId] as const;

export const getAdminRoomQueryOptions = (roomId: string) =>
  queryOptions({
    queryKey: getAdminRoomQueryKey(roomId),
    queryFn: ({ signal }) => getAdminRoom(roomId, signal),
  });

export const useAdminRoom = (roomId: string, config: QueryConfig<typeof getAdminRoomQueryOptions> = {}) =>
  useQuery({ ...getAdminRoomQueryOptions(roomId), ...config });
