import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ChatRoomStatus, RoomsPage } from '@cutroom/contracts/chat';
import { api } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/react-query';

type StatusFilter = ChatRoomStatus | 'All';

/** GET /api/admin/chat-rooms: every room of one status (or all), newest first, a page after `cursor`. */
export function getAdminRooms(opts: { status: StatusFilter; cursor?: string }, signal?: AbortSignal) {
  const query = new URLSearchParams();
  if (opts.status !== 'All') query.set('status', opts.status);
  if (opts.cursor) query.set('cursor', opts.cursor);
  const qs = query.toString();
  return api.get<RoomsPage>(`/admin/chat-rooms${qs ? `?${qs}` : ''}`, { signal });
}

/** Every page of every filter of the admin's room list is under this key. */
export const adminRoomsKey = ['admin', 'chat-rooms'] as const;

export const getAdminRoomsQueryKey = (status: StatusFilter) => [...adminRoomsKey, status] as const;

export const getAdminRoomsQueryOptions = (status: StatusFilter) =>
  infiniteQueryOptions({
    queryKey: getAdminRoomsQueryKey(status),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => getAdminRooms({ status, cursor: pageParam }, signal),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useAdminRooms = (
  status: StatusFilter,
  config: QueryConfig<typeof getAdminRoomsQueryOptions> = {},
) => useInfiniteQuery({ ...getAdminRoomsQueryOptions(status), ...config });
