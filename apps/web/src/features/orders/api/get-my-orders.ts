import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { OrderStatus } from '@cutroom/contracts/orders';
import type { QueryConfig } from '../../../lib/react-query';
import { ordersApi, ordersKey } from './orders-api';

/** GET /api/orders: the viewer's orders of one status (or those under way), a page before `before`. */
export const getMyOrders = (params: { status?: OrderStatus | 'open'; before?: string }) =>
  ordersApi.mine(params);

/** `filter` names the list ('all', 'open', a status): one cached list per tab. */
export const getMyOrdersQueryKey = (filter: string) => [...ordersKey, 'mine', filter] as const;

/** The viewer's orders, newest first, page by page. */
export const getMyOrdersQueryOptions = (filter: string, status: OrderStatus | 'open' | undefined) =>
  infiniteQueryOptions({
    queryKey: getMyOrdersQueryKey(filter),
    queryFn: ({ pageParam }) => getMyOrders({ status, before: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useMyOrders = (
  filter: string,
  status: OrderStatus | 'open' | undefined,
  config: QueryConfig<typeof getMyOrdersQueryOptions> = {},
) => useInfiniteQuery({ ...getMyOrdersQueryOptions(filter, status), ...config });
