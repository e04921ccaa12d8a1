import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  SUPPORT_MESSAGES,
  type AdminSupportTicket,
  type AdminSupportTicketReply,
  type SupportReplyInput,
} from '@cutroom/contracts/support';
import { notify } from '../../../components/ui/notify';
import { api, errorMessage } from '../../../lib/api';
import { supportTicketsKey } from './keys';

/** POST /api/admin/support-tickets/{ticketId}/replies: stored, then e-mailed to the ticket's address. */
export const replyToTicket = (id: string, input: SupportReplyInput) =>
  api.post<AdminSupportTicketReply>(`/admin/support-tickets/${encodeURIComponent(id)}/replies`, input);

/** Sends a reply (optionally closing the ticket). The form shows a refusal next to its field. */
export function useReplyToTicket(ticket: AdminSupportTicket) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { message: string; close: boolean }) => replyToTicket(ticket._id, input),
    onSuccess: (reply) => notify.success(reply.message),
    onError: (err) => {
      const reason = errorMessage(err, '');
      notify.error(SUPPORT_MESSAGES.replyFailed, reason ? { description: reason } : undefined);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: supportTicketsKey }),
  });
}
