import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryConfig } from '../../../lib/react-query';
import { getOrderQueryKey } from './get-order';
import { ordersApi } from './orders-api';

/** GET /api/admin/orders/{orderId}: any order, as an admin sees it. */
export const getAdminOrder = (orderId: string) => ordersApi.adminGet(orderId);

/**
 * Under the order's detail key so anything that invalidates the order refreshes this too; 'admin' because
 * an admin's copy carries other actions than a member's.
 */
export const getAdminOrderQueryKey = (orderId: string) => [...getOrderQueryKey(orderId), 'admin'] as const;

export const getAdminOrderQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: getAdminOrderQueryKey(orderId), queryFn: () => getAdminOrder(orderId) });

export const useAdminOrder = (orderId: string, config: QueryConfig<typeof getAdminOrderQueryOptions> = {}) =>
  useQuery({ ...getAdminOrderQueryOptions(orderId), ...config });
