import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryConfig } from '../../../lib/react-query';
import { paymentsApi, paymentsKey } from './payments-api';

/** GET /api/payment/refund/{orderId}: an order's refunds and what is left to refund. */
export const getRefunds = (orderId: string) => paymentsApi.refunds(orderId);

export const getRefundsQueryKey = (orderId: string) => [...paymentsKey, 'refunds', orderId] as const;

export const getRefundsQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: getRefundsQueryKey(orderId), queryFn: () => getRefunds(orderId) });

export const useRefunds = (orderId: string, config: QueryConfig<typeof getRefundsQueryOptions> = {}) =>
  useQuery({ ...getRefundsQueryOptions(orderId), ...config });
