import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryConfig } from '../../../lib/react-query';
import { disputesApi, disputesKey } from './disputes-api';

/** GET /api/orders/{orderId}/disputes: the order's disputes, newest first. */
export const getOrderDisputes = (orderId: string, signal?: AbortSignal) =>
  disputesApi.ofOrder(orderId, signal);

export const getOrderDisputesQueryKey = (orderId: string) => [...disputesKey, 'order', orderId] as const;

export const getOrderDisputesQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: getOrderDisputesQueryKey(orderId),
    queryFn: ({ signal }) => getOrderDisputes(orderId, signal),
  });

export const useOrderDisputesQuery = (
  orderId: string,
  config: QueryConfig<typeof getOrderDisputesQueryOptions> = {},
) => useQuery({ ...getOrderDisputesQueryOptions(orderId), ...config });
