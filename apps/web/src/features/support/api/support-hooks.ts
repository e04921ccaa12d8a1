import { useMutation, useQueryClient } from '@tanstack/react-query';
import { submitConnectRequest, submitSupportTicket } from './support-api';

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
