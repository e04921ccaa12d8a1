import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ModerationPage } from '@cutroom/contracts/moderation';
import { api } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/react-query';

export type QueueView = 'open' | 'resolved';

/** GET /api/admin/moderation-flags: newest first; `cursor` is the last flag of the previous page. */
export function getModerationFlags(view: QueueView, cursor: string | undefined, signal?: AbortSignal) {
  const query = new URLSearchParams({ status: view });
  if (cursor) query.set('cursor', cursor);
  return api.get<ModerationPage>(`/admin/moderation-flags?${query}`, { signal });
}

/** Both queues are under this key: a new flag or a handled one reloads them. */
export const moderationKey = ['admin', 'moderation'] as const;

export const getModerationFlagsQueryKey = (view: QueueView) => [...moderationKey, view] as const;

export const getModerationFlagsQueryOptions = (view: QueueView) =>
  infiniteQueryOptions({
    queryKey: getModerationFlagsQueryKey(view),
    queryFn: ({ pageParam, signal }) => getModerationFlags(view, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** A moderation queue, a page at a time. */
export const useModerationQueue = (
  view: QueueView,
  config: QueryConfig<typeof getModerationFlagsQueryOptions> = {},
) => useInfiniteQuery({ ...getModerationFlagsQueryOptions(view), ...config });
