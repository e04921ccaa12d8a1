import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryConfig } from '../../../lib/react-query';
import { ordersApi, ordersKey } from './orders-api';

/** A chat holds a handful of orders; one page covers them all. */
const ROOM_ORDERS_LIMIT = 50;

/** GET /api/orders?roomId=: a chat room's orders, every status, newest first. */
export const getRoomOrders = (roomId: string) => ordersApi.mine({ roomId, limit: ROOM_ORDERS_LIMIT });

export const getRoomOrdersQueryKey = (roomId: string) => [...ordersKey, 'room', roomId] as const;

export const getRoomOrdersQueryOptions = (roomId: string) =>
  queryOptions({ queryKey: getRoomOrdersQueryKey(roomId), queryFn: () => getRoomOrders(roomId) });

export const useRoomOrdersQuery = (
  roomId: string,
  config: QueryConfig<typeof getRoomOrdersQueryOptions> = {},
) => useQuery({ ...getRoomOrdersQueryOptions(roomId), ...config });
