import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationPreferences } from '@cutroom/contracts/notifications';
import { api } from '../../../lib/api';
import { notificationsKey } from './keys';

/** GET /api/notifications/preferences: which e-mails the person gets. */
export const getNotificationPreferences = (signal?: AbortSignal) =>
  api.get<NotificationPreferences>('/notifications/preferences', { signal });

export const getNotificationPreferencesQueryKey = () => [...notificationsKey, 'preferences'] as const;

export const getNotificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: getNotificationPreferencesQueryKey(),
    queryFn: ({ signal }) => getNotificationPreferences(signal),
    staleTime: 0,
  });

export function usePreferences() {
  return useQuery(getNotificationPreferencesQueryOptions());
}
