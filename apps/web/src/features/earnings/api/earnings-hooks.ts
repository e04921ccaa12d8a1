import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EarningsSummary } from '@cutroom/contracts/payouts';
import { earningsApi, earningsKeys } from './earnings-api';

/** Balances, payout account, commission and recent settlements; only asked for when `enabled`. */
export const useEarningsSummary = (enabled = true) =>
  useQuery({ queryKey: earningsKeys.summary, queryFn: earningsApi.summary, enabled });

/** The per-order earnings, newest first, page by page ('Show more'). */
export const useEarningsOrders = (enabled = true) =>
  useInfiniteQuery({
    queryKey: earningsKeys.orders,
    queryFn: ({ pageParam }) => earningsApi.orders(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });

/**
 * Saves new payout details. The reply (masked only) replaces the summary's account at once, then the
 * summary is asked again for the hold and the settlements.
 */
export function useSavePayoutDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: earningsApi.savePayoutDetails,
    onSuccess: (reply) => {
      queryClient.setQueryData<EarningsSummary>(earningsKeys.summary, (old) =>
        old ? { ...old, payoutAccount: reply.payoutAccount } : old,
      );
      void queryClient.invalidateQueries({ queryKey: earningsKeys.summary });
    },
  });
}
