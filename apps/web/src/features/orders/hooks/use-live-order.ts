import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Socket } from 'socket.io-client';
import { ORDER_UPDATED_EVENT, type OrderUpdatedEvent } from '@cutroom/contracts/orders';
import { useRealtime } from '../../../lib/realtime';
import { getOrderQueryKey, useOrder } from '../api/get-order';

/**
 * One order kept live (issue 25, item 11): the server's `orderUpdated` (sent to both members' own
 * channels, so no room needs to be open) fetches it again, and so does coming back to the tab (focus or
 * visibility) and every reconnection, for whatever was missed while the socket was down. A tab that
 * opened a checkout learns of the payment made in the other tab without a reload.
 */
export function useLiveOrder(orderId: string | null) {
  const queryClient = useQueryClient();
  const { socket, connections } = useRealtime();
  const query = useOrder(orderId ?? '', {
    enabled: orderId !== null,
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });

  useEffect(() => {
    if (!socket || !orderId) return;
    // The shared socket is typed for chat events; order events ride on the same connection.
    const live = socket as unknown as Socket<{ orderUpdated: (e: OrderUpdatedEvent) => void }>;
    const onUpdated = (event: OrderUpdatedEvent) => {
      if (event.orderId === orderId)
        void queryClient.invalidateQueries({ queryKey: getOrderQueryKey(orderId) });
    };
    live.on(ORDER_UPDATED_EVENT, onUpdated);
    return () => {
      live.off(ORDER_UPDATED_EVENT, onUpdated);
    };
  }, [socket, orderId, queryClient]);

  // After a reconnection: what changed while offline.
  useEffect(() => {
    if (orderId && connections > 1)
      void queryClient.invalidateQueries({ queryKey: getOrderQueryKey(orderId) });
  }, [connections, orderId, queryClient]);

  return query;
}
