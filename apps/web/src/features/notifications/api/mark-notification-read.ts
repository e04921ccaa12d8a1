import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { applyRead, markReadLocally } from '../utils/cache';
import { notificationsKey } from './keys';

/** POST /api/notifications/{id}/read; the server tells the person's other tabs. */
export const markNotificationRead = (id: string) =>
  api.post<{ unreadCount: number }>(`/notifications/${encodeURIComponent(id)}/read`);

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => markNotificationRead(id),
    onMutate: (id) => markReadLocally(qc, id),
    onSuccess: ({ unreadCount }, id) => applyRead(qc, { ids: [id], unreadCount }),
    // The line may not be read after all: ask the server what is.
    onError: () => qc.invalidateQueries({ queryKey: notificationsKey }),
  });
}
