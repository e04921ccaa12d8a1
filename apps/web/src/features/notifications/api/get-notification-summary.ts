import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
// Types only: the navbar loads this module on every page, and the contracts' runtime brings zod along.
import type { NotificationSummary } from '@cutroom/contracts/notifications';
import { api } from '../../../lib/api';
import { notificationsKey } from './keys';

/** GET /api/notifications/summary: the bell's and the chat's badge figures. */
export const getNotificationSummary = (signal?: AbortSignal) =>
  api.get<NotificationSummary>('/notifications/summary', { signal });

export const getNotificationSummaryQueryKey = () => [...notificationsKey, 'summary'] as const;

/** Kept current by the live events (use-notifications-live.ts), so a minute-old figure is fresh. */
export const getNotificationSummaryQueryOptions = () =>
  queryOptions({
    queryKey: getNotificationSummaryQueryKey(),
    queryFn: ({ signal }) => getNotificationSummary(signal),
    staleTime: 60_000,
  });

/** The badge figures, kept current by the live events (use-notifications-live.ts). */
export function useNotificationSummary(enabled: boolean) {
  return useQuery({ ...getNotificationSummaryQueryOptions(), enabled });
}

/**
 * The tab's one unread figure: the bell shows it and the tab title shows it (the bell sets the title with
 * it, see notification-bell.tsx), so the two can never differ. Unread chat messages are not part of it:
 * they have the Chat button's own badge, and messages that wait while the person is away already reach
 * the bell as their room's summary line (`new_messages`), so adding them again would count them twice
 * and make the bell promise lines its panel does not list.
 */
export function useUnreadCount(enabled: boolean): number {
  return useNotificationSummary(enabled).data?.unreadCount ?? 0;
}

/** The server's count of unread lines, wherever it came from (a page of the bell, a read event). */
export function setUnreadCount(qc: QueryClient, unreadCount: number): void {
  qc.setQueryData<NotificationSummary>(getNotificationSummaryQueryKey(), (s) =>
    s ? { ...s, unreadCount } : s,
  );
}
