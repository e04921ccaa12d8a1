import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberSupportTicket } from '@cutroom/contracts/support-member';
import { api } from '../../../lib/api';
import { myTicketsKey } from './keys';

/** GET /api/support/tickets/{ticketId}: one of the member's tickets with every reply. */
export const getMyTicket = (ticketId: string, signal?: AbortSignal) =>
  api.get<{ data: MemberSupportTicket }>(`/support/tickets/${encodeURIComponent(ticketId)}`, { signal });

export const getMyTicketQueryOptions = (ticketId: string) =>
  queryOptions({
    queryKey: [...myTicketsKey, 'detail', ticketId] as const,
    queryFn: ({ signal }) => getMyTicket(ticketId, signal).then((r) => r.data),
  });

/** Every reply of a ticket, fetched when the member asks for the older ones. */
export const useMyTicket = (ticketId: string, enabled: boolean) =>
  useQuery({ ...getMyTicketQueryOptions(ticketId), enabled });
