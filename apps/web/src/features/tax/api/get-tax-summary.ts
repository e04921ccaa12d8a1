import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaxSummary } from '@cutroom/contracts/tax/reports';
import { api } from '../../../lib/api';

/** GET /api/admin/tax: the last 12 months' tax figures (oldest first) and the rates in force. */
export const getTaxSummary = (signal?: AbortSignal) => api.get<TaxSummary>('/admin/tax', { signal });

export const taxKeys = { summary: ['admin', 'tax'] as const };

export const getTaxSummaryQueryOptions = () =>
  queryOptions({
    queryKey: taxKeys.summary,
    queryFn: ({ signal }) => getTaxSummary(signal),
    // Shared by the dashboard's card and the tax page: opening one after the other asks once.
    staleTime: 60_000,
  });

export const useTaxSummary = () => useQuery(getTaxSummaryQueryOptions());
