import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryConfig } from '../../../lib/react-query';
import { paymentsApi, paymentsKey } from './payments-api';

/** GET /api/payment/admin: one page of every payment, for the admin. */
export const getAllPayments = (page: number, limit: number) => paymentsApi.all(page, limit);

/** Every page of the admin's list is under [...this key]: a refund refreshes them all. */
export const getAllPaymentsQueryKey = (page?: number) =>
  page === undefined ? ([...paymentsKey, 'all'] as const) : ([...paymentsKey, 'all', page] as const);

export const getAllPaymentsQueryOptions = (page: number, limit: number) =>
  queryOptions({ queryKey: getAllPaymentsQueryKey(page), queryFn: () => getAllPayments(page, limit) });

export const useAllPayments = (
  page: number,
  limit: number,
  config: QueryConfig<typeof getAllPaymentsQueryOptions> = {},
) => useQuery({ ...getAllPaymentsQueryOptions(page, limit), ...config });
