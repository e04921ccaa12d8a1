import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PayoutFailure } from '@cutroom/contracts/payouts';
import { api } from '../../../lib/api';
import { adminPayoutsKey } from './keys';

/** GET /api/admin/payouts/failures: splits, settlements, vendor accounts and adjustments the gateway refused. */
export const getPayoutFailures = () => api.get<{ items: PayoutFailure[] }>('/admin/payouts/failures');

export const getPayoutFailuresQueryKey = () => [...adminPayoutsKey, 'failures'] as const;

export const getPayoutFailuresQueryOptions = () =>
  queryOptions({ queryKey: getPayoutFailuresQueryKey(), queryFn: () => getPayoutFailures() });

export const usePayoutFailures = (enabled: boolean) =>
  useQuery({ ...getPayoutFailuresQueryOptions(), enabled });
