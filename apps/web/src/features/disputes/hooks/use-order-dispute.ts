import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Dispute, DisputeUpdatedEvent } from '@cutroom/contracts/disputes';
import type { Order } from '@cutroom/contracts/orders';
import { followsRoomOrders, invalidateRoomOrders } from '../../orders';
import { getOrderDisputesQueryKey, useOrderDisputesQuery } from '../api/get-order-disputes';
import { useDisputeUpdates } from './use-dispute-updates';

/**
 * Whether an order may have a dispute to show: one is open (`disputeId`), or the order ended after being
 * paid, which is how a decided dispute leaves it (the decision stays on its card). Other orders are not
 * asked about.
 */
export const mayShowDispute = (o: Pick<Order, 'disputeId' | 'status' | 'paidAt'>) =>
  o.disputeId !== null || ((o.status === 'completed' || o.status === 'cancelled') && o.paidAt !== null);

/**
 * The dispute an order card shows: the open one, else the last one admins decided (a withdrawn or settled
 * dispute leaves the order as it was, and the chat says so). Kept live: a `disputeUpdated` for the order
 * fetches it and the room's orders again, and so does every `orderUpdated` of the room.
 */
export function useOrderDispute(order: Pick<Order, '_id' | 'roomId' | 'disputeId' | 'status' | 'paidAt'>) {
  const queryClient = useQueryClient();
  const enabled = mayShowDispute(order);
  const query = useOrderDisputesQuery(order._id, {
    enabled,
    staleTime: 0,
    meta: followsRoomOrders(order.roomId),
  });
  const { _id: orderId, roomId } = order;
  const onUpdate = useCallback(
    (event: DisputeUpdatedEvent | null) => {
      if (event && event.orderId !== orderId) return;
      void queryClient.invalidateQueries({ queryKey: getOrderDisputesQueryKey(orderId) });
      if (event) invalidateRoomOrders(queryClient, roomId);
    },
    [queryClient, orderId, roomId],
  );
  useDisputeUpdates(onUpdate);

  const list = enabled ? (query.data?.data ?? []) : [];
  const dispute: Dispute | undefined = order.disputeId
    ? list.find((d) => d._id === order.disputeId)
    : list.find((d) => d.status === 'decided');
  return { dispute, query };
}
