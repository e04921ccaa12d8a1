import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { NotificationsPage } from '@cutroom/contracts/notifications';
import { api } from '../../../lib/api';
import { setUnreadCount } from './get-notification-summary';
import { notificationsKey } from './keys';

/** Lines per page of the bell. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** GET /api/notifications: the bell, newest first; `cursor` is the last line of the previous page. */
export function getNotifications(cursor?: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(NOTIFICATIONS_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return api.get<NotificationsPage>(`/notifications?${query}`, { signal });
}

/** The live socket handlers write into this entry too. */
export const getNotificationsQueryKey = () => [...notificationsKey, 'list'] as const;

export const getNotificationsQueryOptions = (qc: QueryClient) =>
  infiniteQueryOptions({
    queryKey: getNotificationsQueryKey(),
    queryFn: async ({ pageParam, signal }) => {
      const page = await getNotifications(pageParam, signal);
      // Every page carries the count across all of them: the freshest figure for the badge.
      setUnreadCount(qc, page.unreadCount);
      return page;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Pushed lines keep it current; a reconnection reloads it.
    staleTime: 5 * 60_000,
  });

/** The bell's lines, page by page; loaded when the bell is first opened. */
export function useNotificationList(enabled: boolean) {
  const qc = useQueryClient();
  return useInfiniteQuery({ ...getNotificationsQueryOptions(qc), enabled });
}
