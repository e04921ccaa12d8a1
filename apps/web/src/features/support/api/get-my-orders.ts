import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@cutroom/contracts/limits';
import type { OrderListReply } from '@cutroom/contracts/orders';
import { api } from '../../../lib/api';

/**
 * GET /api/orders: the member's newest orders, for the contact form's "Order (optional)" choice. The
 * support feature imports no other feature (ARCHITECTURE.md), so it asks the API itself.
 */
export const getMyOrdersQueryOptions = () =>
  queryOptions({
    queryKey: ['support', 'my-orders'] as const,
    queryFn: ({ signal }) => api.get<OrderListReply>(`/orders?limit=${MAX_PAGE_SIZE}`, { signal }),
    staleTime: 60_000,
  });

export const useMyOrders = (enabled: boolean) => useQuery({ ...getMyOrdersQueryOptions(), enabled });
