import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { applyRead } from '../utils/cache';

/** POST /api/notifications/read-all. */
export const markAllNotificationsRead = () => api.post<{ unreadCount: number }>('/notifications/read-all');

export function useMarkAllRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: ({ unreadCount }) => applyRead(qc, { ids: null, unreadCount }),
  });
}
