import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@cutroom/contracts/limits';
import {
  SUPPORT_MESSAGES,
  type AdminSupportTicket,
  type SupportTicketFilter,
  type SupportTicketStatus,
} from '@cutroom/contracts/support';
import { notify } from '../../../components/ui/notify';
import { errorMessage } from '../../../lib/api';
import {
  fetchDeskTicket,
  fetchDeskTickets,
  replyToTicket,
  setTicketStatus,
  supportDeskKeys,
  type TicketCursor,
} from './support-desk-api';

/** The desk's list for one filter, a page at a time. Only fetches when `enabled` (the user is an admin). */
export function useDeskTickets(status: SupportTicketFilter, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: supportDeskKeys.list(status),
    queryFn: ({ pageParam, signal }) =>
      fetchDeskTickets({ status, limit: DEFAULT_PAGE_SIZE, cursor: pageParam }, signal),
    initialPageParam: undefined as TicketCursor | undefined,
    getNextPageParam: (last): TicketCursor | undefined => {
      const end = last[last.length - 1];
      return last.length < DEFAULT_PAGE_SIZE || !end
        ? undefined
        : { before: end.createdAt, beforeId: end._id };
    },
    enabled,
    // While a fresh reply's e-mail is on its way, look again now and then, so "Sending e-mail..." turns
    // to "E-mailed" without a reload. (A mail still retrying after two minutes is left to Refresh.)
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.some(hasMailInFlight)) ? MAIL_POLL_MS : false,
  });
}

const MAIL_POLL_MS = 3000;
const MAIL_POLL_FOR_MS = 2 * 60_000;
const hasMailInFlight = (t: AdminSupportTicket) =>
  t.replies.some(
    (r) => r.mail.status === 'sending' && Date.now() - new Date(r.createdAt).getTime() < MAIL_POLL_FOR_MS,
  );

/** One ticket with all its replies, asked for when the list's newest replies are not all of them. */
export function useDeskTicket(id: string, enabled: boolean) {
  return useQuery({
    queryKey: supportDeskKeys.ticket(id),
    queryFn: ({ signal }) => fetchDeskTicket(id, signal),
    enabled,
  });
}

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
    onSettled: () => qc.invalidateQueries({ queryKey: supportDeskKeys.all }),
  });
}

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
    onSettled: () => qc.invalidateQueries({ queryKey: supportDeskKeys.all }),
  });
}
