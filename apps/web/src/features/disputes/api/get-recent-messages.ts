import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryConfig } from '../../../lib/react-query';
import { disputesApi, disputesKey } from './disputes-api';

/** How many of the room's newest messages a side picks its evidence from. */
export const RECENT_MESSAGES = 50;

/** GET /api/chat/{roomId}/messages?limit=50: the room's newest messages, oldest to newest. */
export const getRecentMessages = (roomId: string, signal?: AbortSignal) =>
  disputesApi.roomMessages(roomId, { limit: RECENT_MESSAGES }, signal);

export const getRecentMessagesQueryKey = (roomId: string) => [...disputesKey, 'recent', roomId] as const;

export const getRecentMessagesQueryOptions = (roomId: string) =>
  queryOptions({
    queryKey: getRecentMessagesQueryKey(roomId),
    queryFn: ({ signal }) => getRecentMessages(roomId, signal),
  });

export const useRecentMessagesQuery = (
  roomId: string,
  config: QueryConfig<typeof getRecentMessagesQueryOptions> = {},
) => useQuery({ ...getRecentMessagesQueryOptions(roomId), ...config });
