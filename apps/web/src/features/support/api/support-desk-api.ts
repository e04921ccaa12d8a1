import type {
  AdminSupportTicket,
  AdminSupportTicketReply,
  SupportReplyInput,
  SupportTicketFilter,
  SupportTicketStatus,
} from '@cutroom/contracts/support';
import { api } from '../../../lib/api';
import { supportTicketsKey } from './support-hooks';

/** Under the key the contact form's submission invalidates, so a new ticket makes these stale too. */
export const supportDeskKeys = {
  all: supportTicketsKey,
  list: (status: SupportTicketFilter) => [...supportTicketsKey, 'list', status] as const,
  ticket: (id: string) => [...supportTicketsKey, 'ticket', id] as const,
};

export interface TicketCursor {
  before: string;
  beforeId: string;
}

/** GET /api/admin/support-tickets: newest first, one status (or all); the cursor is the last ticket seen. */
export function fetchDeskTickets(
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

/** GET /api/admin/support-tickets/{ticketId}: the ticket with every reply. */
export const fetchDeskTicket = (id: string, signal?: AbortSignal) =>
  api.get<AdminSupportTicket>(`/admin/support-tickets/${encodeURIComponent(id)}`, { signal });

/** POST /api/admin/support-tickets/{ticketId}/replies: stored, then e-mailed to the ticket's address. */
export const replyToTicket = (id: string, input: SupportReplyInput) =>
  api.post<AdminSupportTicketReply>(`/admin/support-tickets/${encodeURIComponent(id)}/replies`, input);

/** PATCH /api/admin/support-tickets/{ticketId}: close or reopen. */
export const setTicketStatus = (id: string, status: SupportTicketStatus) =>
  api.patch<AdminSupportTicketReply>(`/admin/support-tickets/${encodeURIComponent(id)}`, { status });
