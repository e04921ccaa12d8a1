import type {
  NotificationPreferences,
  NotificationPreferencesInput,
  NotificationsPage,
  NotificationSummary,
} from '@cutroom/contracts/notifications';
import { api } from '../../../lib/api';

/** Query keys of the notification caches; the live socket handlers write into the same entries. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  summary: ['notifications', 'summary'] as const,
  preferences: ['notifications', 'preferences'] as const,
};

/** Lines per page of the bell. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** GET /api/notifications: the bell, newest first; `cursor` is the last line of the previous page. */
export function fetchNotifications(cursor?: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(NOTIFICATIONS_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return api.get<NotificationsPage>(`/notifications?${query}`, { signal });
}

/** GET /api/notifications/summary: the bell's and the chat's badge figures. */
export const fetchSummary = (signal?: AbortSignal) =>
  api.get<NotificationSummary>('/notifications/summary', { signal });

/** POST /api/notifications/{id}/read; the server tells the person's other tabs. */
export const markNotificationRead = (id: string) =>
  api.post<{ unreadCount: number }>(`/notifications/${encodeURIComponent(id)}/read`);

export const markAllNotificationsRead = () => api.post<{ unreadCount: number }>('/notifications/read-all');

export const fetchPreferences = (signal?: AbortSignal) =>
  api.get<NotificationPreferences>('/notifications/preferences', { signal });

/** PUT /api/notifications/preferences: 400 with a message when a locked kind is turned off. */
export const savePreferences = (input: NotificationPreferencesInput) =>
  api.put<{ message: string; data: NotificationPreferences }>('/notifications/preferences', input);

/** POST /api/notifications/unsubscribe: the link of a mail, no login needed. */
export const unsubscribe = (token: string) =>
  api.post<{ message: string }>('/notifications/unsubscribe', { token });
