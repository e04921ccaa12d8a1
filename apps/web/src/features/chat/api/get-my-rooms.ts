import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoomsPage } from '@cutroom/contracts/chat';
import { api } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/react-query';

/** GET /api/chat/my-rooms (SPEC.md §7): the signed-in member's rooms, latest activity first. */
export const getMyRooms = (signal?: AbortSignal) => api.get<RoomsPage>('/chat/my-rooms', { signal });

/** The live socket handlers and the notifications write into this entry too. */
export const getMyRoomsQueryKey = () => ['chat', 'my-rooms'] as const;

export const getMyRoomsQueryOptions = () =>
  queryOptions({ queryKey: getMyRoomsQueryKey(), queryFn: ({ signal }) => getMyRooms(signal) });

export const useMyRooms = (config: QueryConfig<typeof getMyRoomsQueryOptions> = {}) =>
  useQuery({ ...getMyRoomsQueryOptions(), ...config });
