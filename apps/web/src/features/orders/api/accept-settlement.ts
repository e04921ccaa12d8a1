import { ordersApi } from './orders-api';

/**
 * POST /api/orders/{orderId}/settlement/accept: the other side agrees to the amount; the order completes,
 * its newest delivery is released and the difference is refunded. One of an order card's steps
 * (useOrderAction).
 */
export const acceptSettlement = (orderId: string) => ordersApi.acceptSettlement(orderId);
