import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  SUPPORT_MESSAGES,
  type AdminSupportTicket,
  type AdminSupportTicketReply,
  type SupportTicketStatus,
} from '@cutroom/contracts/support';
import { notify } from '../../../components/ui/notify';
import { api, errorMessage } from '../../../lib/api';
import { supportTicketsKey } from './keys';

/** PATCH /api/admin/support-tickets/{ticketId}: close or reopen. */
export const setTicketStatus = (id: string, status: SupportTicketStatus) =>
  api.patch<AdminSupportTicketReply>(`/admin/support-tickets/${encodeURIComponent(id)}`, { status });

/** Close or reopen; another admin may have been first (409), and the lists are loaded again either way. */
export function useSetTicketStatus(
  ticket: AdminSupportTicket,
  onChanged?: (to: SupportTicketStatus) => void,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (status: SupportTicketStatus) => setTicketStatus(ticket._id, status),
    onSuccess: (reply, status) => {
      notify.success(reply.message);
      onChanged?.(status);
    },
    onError: (err, status) => {
      const reason = errorMessage(err, '');
      notify.error(
        status === 'closed' ? SUPPORT_MESSAGES.closeFailed : SUPPORT_MESSAGES.reopenFailed,
        reason ? { description: reason } : undefined,
      );
    },
    onSettled: () => qc.invalidateQueries({ queryKey: supportTicketsKey }),
  });
}
