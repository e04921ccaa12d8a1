import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { DecideDisputeInput } from '@cutroom/contracts/disputes';
import { errorMessage } from '../../../lib/api';
import { orderKeys } from '../../orders';
import { decideDispute } from '../api/decide-dispute';
import { adminDisputesKey } from '../api/get-admin-disputes';
import { getOrderDisputesQueryKey } from '../api/get-order-disputes';
import { DISPUTE_TEXTS } from '../utils/texts';

/**
 * An admin's decision on a case. The case, the queue and the order are fetched again either way: a
 * refusal usually means the case moved on meanwhile (the sides settled it, another admin decided).
 */
export function useDecideDispute(dispute: { _id: string; orderId: string }, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DecideDisputeInput) => decideDispute(dispute._id, input),
    onSuccess: () => {
      toast.success(DISPUTE_TEXTS.decided);
      onDone?.();
    },
    onError: (err) => toast.error(errorMessage(err, DISPUTE_TEXTS.failed)),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminDisputesKey });
      void queryClient.invalidateQueries({ queryKey: getOrderDisputesQueryKey(dispute.orderId) });
      void queryClient.invalidateQueries({ queryKey: orderKeys.detail(dispute.orderId) });
    },
  });
}
