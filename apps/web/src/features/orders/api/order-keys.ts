import { getAdminOrdersQueryKey } from './get-admin-orders';
import { getMyOrdersQueryKey } from './get-my-orders';
import { getOrderQueryKey } from './get-order';
import { getRoomOrdersQueryKey } from './get-room-orders';
import { ordersKey } from './orders-api';

/** Every order query's key, for code outside the feature (and its tests) that reads or seeds the cache. */
export const orderKeys = {
  all: ordersKey,
  room: getRoomOrdersQueryKey,
  mine: getMyOrdersQueryKey,
  detail: getOrderQueryKey,
  admin: getAdminOrdersQueryKey,
};
