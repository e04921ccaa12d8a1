import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { MemberSupportTicketPage } from '@cutroom/contracts/support-member';
import { api } from '../../../lib/api';
import { myTicketsKey } from './keys';

const PAGE = 10;

/** GET /api/support/tickets: the signed-in member's own tickets, newest first. */
export const getMyTickets = (before: string | undefined, signal?: AbortSignal) =>
  api.get<MemberSupportTicketPage>(
    `/support/tickets?${new URLSearchParams({ limit: String(PAGE), ...(before ? { before } : {}) })}`,
    { signal },
  );

export const getMyTicketsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...myTicketsKey, 'list'] as const,
    queryFn: ({ pageParam, signal }) => getMyTickets(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The member's tickets in /profile, a page at a time. */
export const useMyTickets = () => useInfiniteQuery(getMyTicketsQueryOptions());
