import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupportTicket, SupportTicketInput } from '@cutroom/contracts/support';
import { api } from '../../../lib/api';
import { myTicketsKey, supportTicketsKey } from './keys';

export interface SubmittedTicket {
  message: string;
  data: SupportTicket;
}

/** POST /api/public/support (SPEC.md §7). */
export const submitSupportTicket = (input: SupportTicketInput) =>
  api.post<SubmittedTicket>('/public/support', input);

/** Contact form submission; a new ticket makes the admin list and the member's own list stale. */
export function useSubmitSupportTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitSupportTicket,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: supportTicketsKey }),
        queryClient.invalidateQueries({ queryKey: myTicketsKey }),
      ]),
  });
}
