import { ordersApi } from './orders-api';

/**
 * POST /api/orders/{orderId}/cancellation/accept: the other side agrees to cancel. One of an order card's
 * steps (useOrderAction).
 */
export const acceptCancellation = (orderId: string) => ordersApi.acceptCancellation(orderId);
