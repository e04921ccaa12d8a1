import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { AnswerDisputeInput, Dispute, OpenDisputeInput } from '@cutroom/contracts/disputes';
import { errorMessage } from '../../../lib/api';
import { invalidateRoomOrders } from '../../orders';
import { answerDispute } from '../api/answer-dispute';
import { escalateDispute } from '../api/escalate-dispute';
import { getOrderDisputesQueryKey } from '../api/get-order-disputes';
import { openDispute } from '../api/open-dispute';
import { withdrawDispute } from '../api/withdraw-dispute';
import { DISPUTE_TEXTS } from '../utils/texts';

/** The steps a side takes on an order's dispute. */
export type DisputeStep =
  | { action: 'open'; orderId: string; input: OpenDisputeInput }
  | { action: 'answer'; disputeId: string; input: AnswerDisputeInput }
  | { action: 'escalate'; disputeId: string }
  | { action: 'withdraw'; disputeId: string };

const run = (step: DisputeStep): Promise<Dispute> => {
  switch (step.action) {
    case 'open':
      return openDispute(step.orderId, step.input);
    case 'answer':
      return answerDispute(step.disputeId, step.input);
    case 'escalate':
      return escalateDispute(step.disputeId);
    case 'withdraw':
      return withdrawDispute(step.disputeId);
  }
};

const done: Record<DisputeStep['action'], string> = {
  open: DISPUTE_TEXTS.opened,
  answer: DISPUTE_TEXTS.answered,
  escalate: DISPUTE_TEXTS.escalated,
  withdraw: DISPUTE_TEXTS.withdrawn,
};

/**
 * One step on the dispute of an order of room `roomId`. The reply goes into the order's disputes at once;
 * the room's orders (frozen, or going on again) and the order's disputes are fetched again either way,
 * since a refused step usually means the dispute moved on meanwhile. A refusal is a toast too; the forms
 * also say it beside their button.
 */
export function useDisputeStep(
  order: { _id: string; roomId: string },
  onDone?: (dispute: Dispute, step: DisputeStep) => void,
) {
  const queryClient = useQueryClient();
  const key = getOrderDisputesQueryKey(order._id);
  return useMutation({
    mutationFn: run,
    onSuccess: (dispute, step) => {
      queryClient.setQueryData<{ data: Dispute[] }>(key, (page) => ({
        data: [dispute, ...(page?.data ?? []).filter((d) => d._id !== dispute._id)],
      }));
      toast.success(done[step.action]);
      onDone?.(dispute, step);
    },
    onError: (err) => toast.error(errorMessage(err, DISPUTE_TEXTS.failed)),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      invalidateRoomOrders(queryClient, order.roomId);
    },
  });
}
