import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryConfig } from '../../../lib/react-query';
import { paymentsApi, paymentsKey } from './payments-api';

/** GET /api/orders/{id}/money: the server's split of an order's money, and what a refund would move. */
export const getOrderMoney = (orderId: string, refund?: 'full' | number) =>
  paymentsApi.orderMoney(orderId, refund);

export const getOrderMoneyQueryKey = (orderId: string, refund?: 'full' | number) =>
  [...paymentsKey, 'money', orderId, refund ?? null] as const;

// Always read fresh: a confirmation must show the figures as they are when it opens.
export const getOrderMoneyQueryOptions = (orderId: string, refund?: 'full' | number) =>
  queryOptions({
    queryKey: getOrderMoneyQueryKey(orderId, refund),
    queryFn: () => getOrderMoney(orderId, refund),
    staleTime: 0,
    gcTime: 0,
  });

export const useOrderMoney = (
  orderId: string,
  refund?: 'full' | number,
  config: QueryConfig<typeof getOrderMoneyQueryOptions> = {},
) => useQuery({ ...getOrderMoneyQueryOptions(orderId, refund), ...config });
