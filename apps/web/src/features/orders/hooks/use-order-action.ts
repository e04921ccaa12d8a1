import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { Order } from '@cutroom/contracts/orders';
import { errorMessage } from '../../../lib/api';
import { ordersApi } from '../api/orders-api';
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
  | { action: 'accept_extra_revision' };

const run = (orderId: string, step: OrderStep): Promise<Order> => {
  switch (step.action) {
    case 'accept':
      return ordersApi.accept(orderId, { payNow: step.payNow });
    case 'decline':
      return ordersApi.decline(orderId);
    case 'withdraw':
      return ordersApi.withdraw(orderId);
    case 'cancel':
      return ordersApi.cancel(orderId, step.reason);
    case 'request_cancellation':
      return ordersApi.requestCancellation(orderId, step.reason);
    case 'accept_cancellation':
      return ordersApi.acceptCancellation(orderId);
    case 'decline_cancellation':
      return ordersApi.declineCancellation(orderId);
    case 'withdraw_cancellation':
      return ordersApi.withdrawCancellation(orderId);
    case 'accept_extra_revision':
      return ordersApi.acceptExtraRevision(orderId);
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
