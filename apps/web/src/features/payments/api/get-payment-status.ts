import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryConfig } from '../../../lib/react-query';
import { paymentsApi, paymentsKey } from './payments-api';

/** GET /api/payment/status/{orderId}: the payment of an order as the gateway last confirmed it. */
export const getPaymentStatus = (orderId: string) => paymentsApi.status(orderId);

export const getPaymentStatusQueryKey = (orderId: string) => [...paymentsKey, 'status', orderId] as const;

export const getPaymentStatusQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: getPaymentStatusQueryKey(orderId), queryFn: () => getPaymentStatus(orderId) });

export const usePaymentStatus = (
  orderId: string,
  config: QueryConfig<typeof getPaymentStatusQueryOptions> = {},
) => useQuery({ ...getPaymentStatusQueryOptions(orderId), ...config });
