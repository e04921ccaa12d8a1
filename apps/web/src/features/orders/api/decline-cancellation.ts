import { ordersApi } from './orders-api';

/**
 * POST /api/orders/{orderId}/cancellation/decline: the other side refuses; the order goes on. One of an order
 * card's steps (useOrderAction).
 */
export const declineCancellation = (orderId: string) => ordersApi.declineCancellation(orderId);
