import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Socket } from 'socket.io-client';
import {
  DELIVERY_UPDATED_EVENT,
  type DeliveriesPage,
  type Delivery,
  type DeliveryUpdatedEvent,
} from '@cutroom/contracts/delivery';
import { followsRoomOrders } from '../../orders';
import { getDeliveriesQueryKey, useDeliveriesQuery } from '../api/get-deliveries';

/**
 * A room's deliveries, newest first, kept live: the server announces every change with
 * `deliveryUpdated` and the list is fetched again (and after every reconnection, for what was missed).
 */
export function useDeliveries(roomId: string, socket: Socket<any, any> | null) {
  const queryClient = useQueryClient();
  const query = useDeliveriesQuery(roomId, {
    // An order's payment releases the final file: refreshed with the room's orders.
    meta: followsRoomOrders(roomId),
    staleTime: 0,
    // Quickly while a preview is being made; hourly otherwise, so that media links (good for six
    // hours at least) never go stale on a screen left open.
    refetchInterval: (q) =>
      q.state.data?.data.some((d) => d.preview.status === 'processing') ? 5000 : 60 * 60 * 1000,
  });

  useEffect(() => {
    if (!socket) return;
    const onUpdated = (event: DeliveryUpdatedEvent) => {
      if (event.roomId === roomId)
        void queryClient.invalidateQueries({ queryKey: getDeliveriesQueryKey(roomId) });
    };
    const onConnect = () => void queryClient.invalidateQueries({ queryKey: getDeliveriesQueryKey(roomId) });
    socket.on(DELIVERY_UPDATED_EVENT, onUpdated);
    socket.on('connect', onConnect);
    return () => {
      socket.off(DELIVERY_UPDATED_EVENT, onUpdated);
      socket.off('connect', onConnect);
    };
  }, [socket, roomId, queryClient]);

  return query;
}

/** Puts a delivery the server just returned into the room's cached list (new ones first). */
export function useStoreDelivery(roomId: string) {
  const queryClient = useQueryClient();
  return (delivery: Delivery) =>
    queryClient.setQueryData<DeliveriesPage>(getDeliveriesQueryKey(roomId), (page) => {
      if (!page) return { data: [delivery], hasMore: false };
      const known = page.data.some((d) => d._id === delivery._id);
      return {
        ...page,
        data: known
          ? page.data.map((d) => (d._id === delivery._id ? delivery : d))
          : [delivery, ...page.data].sort((a, b) => b.number - a.number),
      };
    });
}
