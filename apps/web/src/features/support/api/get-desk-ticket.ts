import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSupportTicket } from '@cutroom/contracts/support';
import { api } from '../../../lib/api';
import { supportTicketsKey } from './keys';

/** GET /api/admin/support-tickets/{ticketId}: the ticket with every reply. */
export const getDeskTicket = (id: string, signal?: AbortSignal) =>
  api.get<AdminSupportTicket>(`/admin/support-tickets/${encodeURIComponent(id)}`, { signal });

export const getDeskTicketQueryKey = (id: string) => [...supportTicketsKey, 'ticket', id] as const;

export const getDeskTicketQueryOptions = (id: string) =>
  queryOptions({ queryKey: getDeskTicketQueryKey(id), queryFn: ({ signal }) => getDeskTicket(id, signal) });

/** One ticket with all its replies, asked for when the list's newest replies are not all of them. */
export function useDeskTicket(id: string, enabled: boolean) {
  return useQuery({ ...getDeskTicketQueryOptions(id), enabled });
}
