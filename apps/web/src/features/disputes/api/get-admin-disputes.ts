import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryConfig } from '../../../lib/react-query';
import { disputesApi, disputesKey } from './disputes-api';

export interface AdminDisputesQuery {
  status: 'open' | 'closed';
  page: number;
  limit: number;
}

/** GET /api/admin/disputes: open disputes oldest first (closed ones newest first), page by page. */
export const getAdminDisputes = (query: AdminDisputesQuery, signal?: AbortSignal) =>
  disputesApi.adminList(query, signal);

/** Every admin dispute query (the queue's pages and each case) is under this key. */
export const adminDisputesKey = [...disputesKey, 'admin'] as const;

export const getAdminDisputesQueryKey = (query: AdminDisputesQuery) =>
  [...adminDisputesKey, 'list', query] as const;

export const getAdminDisputesQueryOptions = (query: AdminDisputesQuery) =>
  queryOptions({
    queryKey: getAdminDisputesQueryKey(query),
    queryFn: ({ signal }) => getAdminDisputes(query, signal),
  });

export const useAdminDisputes = (
  query: AdminDisputesQuery,
  config: QueryConfig<typeof getAdminDisputesQueryOptions> = {},
) => useQuery({ ...getAdminDisputesQueryOptions(query), ...config });
