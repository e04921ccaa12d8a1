import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { EarningsPage } from '@cutroom/contracts/payouts';
import { api } from '../../../lib/api';
import { earningsKey } from './keys';

/** GET /api/earnings/orders: newest first; `cursor` is the previous page's `nextCursor`. */
export const getEarningsOrders = (cursor?: string) =>
  api.get<EarningsPage>(`/earnings/orders${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);

export const getEarningsOrdersQueryKey = () => [...earningsKey, 'orders'] as const;

export const getEarningsOrdersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: getEarningsOrdersQueryKey(),
    queryFn: ({ pageParam }) => getEarningsOrders(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The per-order earnings, newest first, page by page ('Show more'). */
export const useEarningsOrders = (enabled = true) =>
  useInfiniteQuery({ ...getEarningsOrdersQueryOptions(), enabled });
