import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryConfig } from '../../../lib/react-query';
import { ordersApi, ordersKey } from './orders-api';

/** GET /api/orders/{orderId}: one of the viewer's orders. */
export const getOrder = (orderId: string) => ordersApi.get(orderId);

export const getOrderQueryKey = (orderId: string) => [...ordersKey, 'detail', orderId] as const;

export const getOrderQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: getOrderQueryKey(orderId), queryFn: () => getOrder(orderId) });

export const useOrder = (orderId: string, config: QueryConfig<typeof getOrderQueryOptions> = {}) =>
  useQuery({ ...getOrderQueryOptions(orderId), ...config });
