import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryConfig } from '../../../lib/react-query';
import { disputesApi } from './disputes-api';
import { adminDisputesKey } from './get-admin-disputes';

/** GET /api/admin/disputes/{id}: one case with its order's names and money. */
export const getAdminDispute = (disputeId: string, signal?: AbortSignal) =>
  disputesApi.adminGet(disputeId, signal);

export const getAdminDisputeQueryKey = (disputeId: string) =>
  [...adminDisputesKey, 'one', disputeId] as const;

export const getAdminDisputeQueryOptions = (disputeId: string) =>
  queryOptions({
    queryKey: getAdminDisputeQueryKey(disputeId),
    queryFn: ({ signal }) => getAdminDispute(disputeId, signal),
  });

export const useAdminDispute = (
  disputeId: string,
  config: QueryConfig<typeof getAdminDisputeQueryOptions> = {},
) => useQuery({ ...getAdminDisputeQueryOptions(disputeId), ...config });
