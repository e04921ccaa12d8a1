import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryConfig } from '../../../lib/react-query';
import { ordersApi, ordersKey, type AdminOrderFilters } from './orders-api';

/** GET /api/admin/orders: one page of every order, filtered. */
export const getAdminOrders = (filters: AdminOrderFilters) => ordersApi.adminList(filters);

export const getAdminOrdersQueryKey = (filters: AdminOrderFilters) =>
  [...ordersKey, 'admin', filters] as const;

export const getAdminOrdersQueryOptions = (filters: AdminOrderFilters) =>
  queryOptions({ queryKey: getAdminOrdersQueryKey(filters), queryFn: () => getAdminOrders(filters) });

export const useAdminOrders = (
  filters: AdminOrderFilters,
  config: QueryConfig<typeof getAdminOrdersQueryOptions> = {},
) => useQuery({ ...getAdminOrdersQueryOptions(filters), ...config });
