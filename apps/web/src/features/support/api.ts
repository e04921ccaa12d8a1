import type { ConnectRequestInput, SupportTicket, SupportTicketInput } from '@cutroom/contracts';
import { api } from '../../lib/api';

export interface SubmittedTicket {
  message: string;
  data: SupportTicket;
}

/** POST /api/public/support (SPEC.md §7). */
export const submitSupportTicket = (input: SupportTicketInput) =>
  api.post<SubmittedTicket>('/public/support', input);

/** POST /api/public/connect: the home page's connect form, filed as a ticket the admins see. */
export const submitConnectRequest = (input: ConnectRequestInput) =>
  api.post<SubmittedTicket>('/public/connect', input);

/** GET /api/admin/support-tickets, newest first; `before` is the last seen ticket's createdAt. */
export function fetchSupportTickets(opts: { limit: number; before?: string }, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(opts.limit) });
  if (opts.before) query.set('before', opts.before);
  return api.get<SupportTicket[]>(`/admin/support-tickets?${query}`, { signal });
}
