import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EarningsSummary, PayoutAccount, PayoutDetailsInput } from '@cutroom/contracts/payouts';
import { api } from '../../../lib/api';
import { getEarningsSummaryQueryKey } from './get-earnings-summary';

export interface SavePayoutDetailsReply {
  payoutAccount: PayoutAccount;
  message: string;
}

/** PUT /api/earnings/payout-details: the editor's bank account or UPI id (the server keeps it masked). */
export const savePayoutDetails = (body: PayoutDetailsInput) =>
  api.put<SavePayoutDetailsReply>('/earnings/payout-details', body);

/**
 * Saves new payout details. The reply (masked only) replaces the summary's account at once, then the
 * summary is asked again for the hold and the settlements.
 */
export function useSavePayoutDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePayoutDetails,
    onSuccess: (reply) => {
      queryClient.setQueryData<EarningsSummary>(getEarningsSummaryQueryKey(), (old) =>
        old ? { ...old, payoutAccount: reply.payoutAccount } : old,
      );
      void queryClient.invalidateQueries({ queryKey: getEarningsSummaryQueryKey() });
    },
  });
}
