import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@cutroom/contracts/limits';
import { fetchSupportTickets, submitConnectRequest, submitSupportTicket } from './api';

export const supportTicketsKey = ['admin', 'support-tickets'] as const;

/** Contact form submission; a new ticket makes the admin list stale. */
export function useSubmitSupportTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitSupportTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportTicketsKey }),
  });
}

export function useSubmitConnectRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitConnectRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportTicketsKey }),
  });
}

/** The admin's ticket list, a page at a time. Only fetches when `enabled` (the user is an admin). */
export function useSupportTickets(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: supportTicketsKey,
    queryFn: ({ pageParam, signal }) =>
      fetchSupportTickets({ limit: DEFAULT_PAGE_SIZE, before: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) =>
      last.length < DEFAULT_PAGE_SIZE ? undefined : last[last.length - 1]?.createdAt,
    enabled,
  });
}
