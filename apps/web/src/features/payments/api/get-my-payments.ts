import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { QueryConfig } from '../../../lib/react-query';
import { paymentsApi, paymentsKey } from './payments-api';

type Side = 'creator' | 'editor';

/** GET /api/payment/{creator|editor}/me: the creator's payments or the editor's received ones, 50 a page. */
export const getMyPayments = (side: Side, before?: string) => paymentsApi.mine(side, before);

export const getMyPaymentsQueryKey = (side: Side) => [...paymentsKey, 'mine', side] as const;

export const getMyPaymentsQueryOptions = (side: Side) =>
  infiniteQueryOptions({
    queryKey: getMyPaymentsQueryKey(side),
    queryFn: ({ pageParam }) => getMyPayments(side, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useMyPayments = (side: Side, config: QueryConfig<typeof getMyPaymentsQueryOptions> = {}) =>
  useInfiniteQuery({ ...getMyPaymentsQueryOptions(side), ...config });
