import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { Order } from '@cutroom/contracts/orders';
import { errorMessage } from '../../../lib/api';
import { acceptExtraRevision } from '../api/accept-extra-revision';
import { acceptCancellation } from '../api/accept-cancellation';
import { acceptExtension } from '../api/accept-extension';
import { acceptOffer } from '../api/accept-offer';
import { acceptSettlement } from '../api/accept-settlement';
import { cancelOrder } from '../api/cancel-order';
import { declineCancellation } from '../api/decline-cancellation';
import { declineExtension } from '../api/decline-extension';
import { declineOffer } from '../api/decline-offer';
import { declineSettlement } from '../api/decline-settlement';
import { proposeSettlement } from '../api/propose-settlement';
import { requestCancellation } from '../api/request-cancellation';
import { requestExtension } from '../api/request-extension';
import { withdrawCancellation } from '../api/withdraw-cancellation';
import { withdrawExtension } from '../api/withdraw-extension';
import { withdrawOffer } from '../api/withdraw-offer';
import { withdrawSettlement } from '../api/withdraw-settlement';
import { invalidateRoomOrders, storeRoomOrder } from './use-room-orders';

/** The order steps a card can take itself; paying goes through the payment modal instead. */
export type OrderStep =
  | { action: 'accept'; payNow: boolean }
  | { action: 'decline' }
  | { action: 'withdraw' }
  | { action: 'cancel'; reason: string }
  | { action: 'request_cancellation'; reason: string }
  | { action: 'accept_cancellation' }
  | { action: 'decline_cancellation' }
  | { action: 'withdraw_cancellation' }
  | { action: 'accept_extra_revision' }
  | { action: 'request_extension'; days: number; reason: string }
  | { action: 'accept_extension' }
  | { action: 'decline_extension' }
  | { action: 'withdraw_extension' }
  | { action: 'propose_settlement'; amount: number; reason: string }
  | { action: 'accept_settlement' }
  | { action: 'decline_settlement' }
  | { action: 'withdraw_settlement' };

const run = (orderId: string, step: OrderStep): Promise<Order> => {
  switch (step.action) {
    case 'accept':
      return acceptOffer(orderId, { payNow: step.payNow });
    case 'decline':
      return declineOffer(orderId);
    case 'withdraw':
      return withdrawOffer(orderId);
    case 'cancel':
      return cancelOrder(orderId, step.reason);
    case 'request_cancellation':
      return requestCancellation(orderId, step.reason);
    case 'accept_cancellation':
      return acceptCancellation(orderId);
    case 'decline_cancellation':
      return declineCancellation(orderId);
    case 'withdraw_cancellation':
      return withdrawCancellation(orderId);
    case 'accept_extra_revision':
      return acceptExtraRevision(orderId);
    case 'request_extension':
      return requestExtension(orderId, { days: step.days, reason: step.reason });
    case 'accept_extension':
      return acceptExtension(orderId);
    case 'decline_extension':
      return declineExtension(orderId);
    case 'withdraw_extension':
      return withdrawExtension(orderId);
    case 'propose_settlement':
      return proposeSettlement(orderId, { amount: step.amount, reason: step.reason });
    case 'accept_settlement':
      return acceptSettlement(orderId);
    case 'decline_settlement':
      return declineSettlement(orderId);
    case 'withdraw_settlement':
      return withdrawSettlement(orderId);
  }
};

const done: Record<OrderStep['action'], string> = {
  accept: 'Offer accepted',
  decline: 'Offer declined',
  withdraw: 'Offer withdrawn',
  cancel: 'Order cancelled',
  request_cancellation: 'Cancellation proposed',
  accept_cancellation: 'Order cancelled',
  decline_cancellation: 'The order goes on',
  withdraw_cancellation: 'Cancellation request withdrawn',
  accept_extra_revision: 'Extra revision accepted',
  request_extension: 'Request for more time sent',
  accept_extension: 'New due date accepted',
  decline_extension: 'The due date stays',
  withdraw_extension: 'Request for more time withdrawn',
  propose_settlement: 'Proposal sent',
  accept_settlement: 'Order completed at the agreed amount',
  decline_settlement: 'Amount declined; the order goes on',
  withdraw_settlement: 'Proposal withdrawn',
};

const failed = 'That did not work. Please try again.';

/**
 * One order's steps. The reply is shown at once; every order list, and the room's deliveries, are
 * fetched again either way, since a refused step usually means the order moved on meanwhile.
 */
export function useOrderAction(
  order: Pick<Order, '_id' | 'roomId'>,
  onDone?: (next: Order, step: OrderStep) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: OrderStep) => run(order._id, step),
    onSuccess: (next, step) => {
      storeRoomOrder(queryClient, next);
      toast.success(done[step.action]);
      onDone?.(next, step);
    },
    onError: (err) => toast.error(errorMessage(err, failed)),
    onSettled: () => invalidateRoomOrders(queryClient, order.roomId),
  });
}
