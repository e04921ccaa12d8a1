import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDashboard } from '@cutroom/contracts/responses/dashboard';
import { api } from '../../../lib/api';

/** GET /api/admin/dashboard: the figures of the dashboard's home page. */
export const getDashboard = (signal?: AbortSignal) => api.get<AdminDashboard>('/admin/dashboard', { signal });

export const getDashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard'] as const,
    queryFn: ({ signal }) => getDashboard(signal),
    // Figures of the moment: fresh on each visit, and again now and then while the page stays open.
    staleTime: 0,
    refetchInterval: 60_000,
  });

export const useDashboard = () => useQuery(getDashboardQueryOptions());
