import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Socket } from 'socket.io-client';
import {
  ORDER_UPDATED_EVENT,
  type Order,
  type OrderListReply,
  type OrderUpdatedEvent,
} from '@cutroom/contracts/orders';
import { getRoomOrdersQueryKey, useRoomOrdersQuery } from '../api/get-room-orders';
import { ordersKey } from '../api/orders-api';

/**
 * The `meta` of a query that shows something a change to the room's orders may change (the room's
 * deliveries, whose final file an order's payment releases): invalidateRoomOrders refreshes it too. The
 * orders feature need not know those queries, only this mark.
 */
export const followsRoomOrders = (roomId: string) => ({ followsRoomOrders: roomId });

/**
 * Everything that may have changed with an order of a room: the room's list, every other order list and
 * detail (the ['orders'] family) and the room's queries marked with followsRoomOrders.
 */
export function invalidateRoomOrders(queryClient: QueryClient, roomId: string) {
  void queryClient.invalidateQueries({ queryKey: ordersKey });
  void queryClient.invalidateQueries({ predicate: (q) => q.meta?.followsRoomOrders === roomId });
}

/** Puts an order the server just returned into the room's cached list, before the refetch confirms it. */
export function storeRoomOrder(queryClient: QueryClient, order: Order) {
  queryClient.setQueryData<OrderListReply>(getRoomOrdersQueryKey(order.roomId), (page) => {
    if (!page) return page;
    const known = page.data.some((o) => o._id === order._id);
    return {
      ...page,
      data: known ? page.data.map((o) => (o._id === order._id ? order : o)) : [order, ...page.data],
    };
  });
}

/**
 * The room's orders, every status, newest first, from the shared cache. Cards that only read (a
 * delivery's order) use this; the panel adds the live updates with `useRoomOrders`.
 */
export function useRoomOrderList(roomId: string) {
  // Coming back to the tab refetches too: a payment made in another tab shows without a reload.
  return useRoomOrdersQuery(roomId, { staleTime: 0, refetchOnWindowFocus: 'always' });
}

/** One order of the room, when the list knows it. */
export function useRoomOrder(roomId: string, orderId: string | null | undefined): Order | undefined {
  const list = useRoomOrderList(roomId);
  return orderId ? list.data?.data.find((o) => o._id === orderId) : undefined;
}

/**
 * The room's orders kept live: the server announces every change with `orderUpdated`, and after a
 * reconnection the list is fetched again for what was missed while offline.
 */
export function useRoomOrders(roomId: string, socket: Socket<any, any> | null) {
  const queryClient = useQueryClient();
  const query = useRoomOrderList(roomId);

  useEffect(() => {
    if (!socket) return;
    const onUpdated = (event: OrderUpdatedEvent) => {
      if (event.roomId === roomId) invalidateRoomOrders(queryClient, roomId);
    };
    const onConnect = () => void queryClient.invalidateQueries({ queryKey: getRoomOrdersQueryKey(roomId) });
    socket.on(ORDER_UPDATED_EVENT, onUpdated);
    socket.on('connect', onConnect);
    return () => {
      socket.off(ORDER_UPDATED_EVENT, onUpdated);
      socket.off('connect', onConnect);
    };
  }, [socket, roomId, queryClient]);

  return query;
}
