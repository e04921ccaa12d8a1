import { ordersApi } from './orders-api';

/**
 * POST /api/orders/{orderId}/cancellation: either side proposes to cancel, with a reason. One of an order
 * card's steps (useOrderAction).
 */
export const requestCancellation = (orderId: string, reason: string) =>
  ordersApi.requestCancellation(orderId, reason);
