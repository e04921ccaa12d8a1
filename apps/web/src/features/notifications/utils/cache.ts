import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type {
  AppNotification,
  NotificationsPage,
  NotificationsReadEvent,
  NotificationSummary,
} from '@cutroom/contracts/notifications';
import { getNotificationSummaryQueryKey, setUnreadCount } from '../api/get-notification-summary';
import { getNotificationsQueryKey } from '../api/get-notifications';

export type NotificationPages = InfiniteData<NotificationsPage, string | undefined>;

const allLines = (data: NotificationPages | undefined) => data?.pages.flatMap((p) => p.data) ?? [];

function bumpUnread(qc: QueryClient, by: number): void {
  qc.setQueryData<NotificationSummary>(getNotificationSummaryQueryKey(), (s) =>
    s ? { ...s, unreadCount: Math.max(0, s.unreadCount + by) } : s,
  );
}

/**
 * A line pushed by the server goes on top of the bell and counts as unread. Returns false when the bell
 * already shows it (the list was loading while it was pushed), so it is neither added nor counted twice.
 */
export function addNotification(qc: QueryClient, line: AppNotification): boolean {
  const list = qc.getQueryData<NotificationPages>(getNotificationsQueryKey());
  if (allLines(list).some((l) => l._id === line._id)) return false;
  if (list?.pages.length) {
    qc.setQueryData<NotificationPages>(getNotificationsQueryKey(), {
      ...list,
      pages: list.pages.map((p, i) => (i === 0 ? { ...p, data: [line, ...p.data] } : p)),
    });
  }
  if (!line.read) bumpUnread(qc, 1);
  return true;
}

/** Lines read on any tab (`ids` null: all of them); the server's count is the one shown. */
export function applyRead(qc: QueryClient, event: NotificationsReadEvent): void {
  const ids = event.ids ? new Set(event.ids) : null;
  qc.setQueryData<NotificationPages>(getNotificationsQueryKey(), (list) =>
    list
      ? {
          ...list,
          pages: list.pages.map((p) => ({
            ...p,
            data: p.data.map((l) => (!l.read && (!ids || ids.has(l._id)) ? { ...l, read: true } : l)),
          })),
        }
      : list,
  );
  setUnreadCount(qc, event.unreadCount);
}

/** Before the server answers: the line looks read and the badge counts one less. */
export function markReadLocally(qc: QueryClient, id: string): void {
  const line = allLines(qc.getQueryData<NotificationPages>(getNotificationsQueryKey())).find(
    (l) => l._id === id,
  );
  if (!line || line.read) return;
  applyRead(qc, {
    ids: [id],
    unreadCount: Math.max(
      0,
      (qc.getQueryData<NotificationSummary>(getNotificationSummaryQueryKey())?.unreadCount ?? 1) - 1,
    ),
  });
}
