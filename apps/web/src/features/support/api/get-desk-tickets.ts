import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@cutroom/contracts/limits';
import type { AdminSupportTicket, SupportTicketFilter } from '@cutroom/contracts/support';
import { api } from '../../../lib/api';
import { supportTicketsKey } from './keys';

export interface TicketCursor {
  before: string;
  beforeId: string;
}

/** GET /api/admin/support-tickets: newest first, one status (or all); the cursor is the last ticket seen. */
export function getDeskTickets(
  opts: { status: SupportTicketFilter; limit: number; cursor?: TicketCursor },
  signal?: AbortSignal,
) {
  const query = new URLSearchParams({ status: opts.status, limit: String(opts.limit) });
  if (opts.cursor) {
    query.set('before', opts.cursor.before);
    query.set('beforeId', opts.cursor.beforeId);
  }
  return api.get<AdminSupportTicket[]>(`/admin/support-tickets?${query}`, { signal });
}

/** Under the key the contact form's submission invalidates, so a new ticket makes these stale too. */
export const getDeskTicketsQueryKey = (status: SupportTicketFilter) =>
  [...supportTicketsKey, 'list', status] as const;

const MAIL_POLL_MS = 3000;
const MAIL_POLL_FOR_MS = 2 * 60_000;
const hasMailInFlight = (t: AdminSupportTicket) =>
  t.replies.some(
    (r) => r.mail.status === 'sending' && Date.now() - new Date(r.createdAt).getTime() < MAIL_POLL_FOR_MS,
  );

export const getDeskTicketsQueryOptions = (status: SupportTicketFilter) =>
  infiniteQueryOptions({
    queryKey: getDeskTicketsQueryKey(status),
    queryFn: ({ pageParam, signal }) =>
      getDeskTickets({ status, limit: DEFAULT_PAGE_SIZE, cursor: pageParam }, signal),
    initialPageParam: undefined as TicketCursor | undefined,
    getNextPageParam: (last): TicketCursor | undefined => {
      const end = last[last.length - 1];
      return last.length < DEFAULT_PAGE_SIZE || !end
        ? undefined
        : { before: end.createdAt, beforeId: end._id };
    },
    // While a fresh reply's e-mail is on its way, look again now and then, so "Sending e-mail..." turns
    // to "E-mailed" without a reload. (A mail still retrying after two minutes is left to Refresh.)
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.some(hasMailInFlight)) ? MAIL_POLL_MS : false,
  });

/** The desk's list for one filter, a page at a time. Only fetches when `enabled` (the user is an admin). */
export function useDeskTickets(status: SupportTicketFilter, enabled: boolean) {
  return useInfiniteQuery({ ...getDeskTicketsQueryOptions(status), enabled });
}
