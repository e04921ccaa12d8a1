import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminPayoutsPage } from '@cutroom/contracts/payouts';
import { api } from '../../../lib/api';
import { adminPayoutsKey } from './keys';

/** GET /api/admin/payouts: one page of editors with their balances; `q` searches name and username. */
export function getPayouts(q: string, cursor?: string) {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  const s = params.toString();
  return api.get<AdminPayoutsPage>(`/admin/payouts${s ? `?${s}` : ''}`);
}

export const getPayoutsQueryKey = (q: string) => [...adminPayoutsKey, 'list', q] as const;

export const getPayoutsQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: getPayoutsQueryKey(q),
    queryFn: ({ pageParam }) => getPayouts(q, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

export const usePayouts = (q: string, enabled: boolean) =>
  useInfiniteQuery({ ...getPayoutsQueryOptions(q), enabled });
