import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { QueryConfig } from '../../../lib/react-query';
import { disputesApi, disputesKey } from './disputes-api';

/** A page of the conversation an admin reads beside a case (the API's most). */
const CASE_PAGE = 100;

/**
 * GET /api/chat/{roomId}/messages for an admin's case file: the newest page first, then the pages
 * before it, each oldest to newest.
 */
export const getCaseMessages = (roomId: string, before: string | undefined, signal?: AbortSignal) =>
  disputesApi.roomMessages(roomId, { before, limit: CASE_PAGE }, signal);

export const getCaseMessagesQueryKey = (roomId: string) => [...disputesKey, 'case-chat', roomId] as const;

export const getCaseMessagesQueryOptions = (roomId: string) =>
  infiniteQueryOptions({
    queryKey: getCaseMessagesQueryKey(roomId),
    queryFn: ({ pageParam, signal }) => getCaseMessages(roomId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    // The page before the oldest message loaded, while there is one.
    getNextPageParam: (last) => (last.hasMore && last.data[0] ? last.data[0]._id : undefined),
  });

export const useCaseMessagesQuery = (
  roomId: string,
  config: QueryConfig<typeof getCaseMessagesQueryOptions> = {},
) => useInfiniteQuery({ ...getCaseMessagesQueryOptions(roomId), ...config });
