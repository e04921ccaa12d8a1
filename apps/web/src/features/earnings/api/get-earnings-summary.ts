import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EarningsSummary } from '@cutroom/contracts/payouts';
import { api } from '../../../lib/api';
import { earningsKey } from './keys';

/** GET /api/earnings: the signed-in editor's balances, payout account, commission, recent settlements. */
export const getEarningsSummary = () => api.get<EarningsSummary>('/earnings');

export const getEarningsSummaryQueryKey = () => [...earningsKey, 'summary'] as const;

export const getEarningsSummaryQueryOptions = () =>
  queryOptions({ queryKey: getEarningsSummaryQueryKey(), queryFn: () => getEarningsSummary() });

/** Balances, payout account, commission and recent settlements; only asked for when `enabled`. */
export const useEarningsSummary = (enabled = true) =>
  useQuery({ ...getEarningsSummaryQueryOptions(), enabled });
