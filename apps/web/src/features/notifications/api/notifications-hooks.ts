import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
// Types only: the navbar loads this module on every page, and the contracts' runtime brings zod along.
import type { AppNotification } from '@cutroom/contracts/notifications';
import {
  fetchNotifications,
  fetchSummary,
  markAllNotificationsRead,
  markNotificationRead,
  notificationKeys,
} from './notifications-api';
import { applyRead, markReadLocally, setUnreadCount } from '../utils/cache';
import { safeLink } from '../utils/group';

/** The badge figures, kept current by the live events (use-notifications-live.ts). */
export function useNotificationSummary(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.summary,
    queryFn: ({ signal }) => fetchSummary(signal),
    enabled,
    staleTime: 60_000,
  });
}

/** The bell's lines, page by page; loaded when the bell is first opened. */
export function useNotificationList(enabled: boolean) {
  const qc = useQueryClient();
  return useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: async ({ pageParam, signal }) => {
      const page = await fetchNotifications(pageParam, signal);
      // Every page carries the count across all of them: the freshest figure for the badge.
      setUnreadCount(qc, page.unreadCount);
      return page;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
    // Pushed lines keep it current; a reconnection reloads it.
    staleTime: 5 * 60_000,
  });
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => markNotificationRead(id),
    onMutate: (id) => markReadLocally(qc, id),
    onSuccess: ({ unreadCount }, id) => applyRead(qc, { ids: [id], unreadCount }),
    // The line may not be read after all: ask the server what is.
    onError: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: ({ unreadCount }) => applyRead(qc, { ids: null, unreadCount }),
  });
}

/** Opening a line (in the bell, a toast or a desktop notification): it is read, and its page opens. */
export function useOpenNotification(): (line: AppNotification) => void {
  const navigate = useNavigate();
  const { mutate: markRead } = useMarkRead();
  return useCallback(
    (line: AppNotification) => {
      if (!line.read) markRead(line._id);
      const to = safeLink(line.link);
      if (to) void navigate(to);
    },
    [navigate, markRead],
  );
}
