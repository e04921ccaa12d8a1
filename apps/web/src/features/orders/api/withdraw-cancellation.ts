import { ordersApi } from './orders-api';

/**
 * POST /api/orders/{orderId}/cancellation/withdraw: the side that proposed it takes it back. One of an order
 * card's steps (useOrderAction).
 */
export const withdrawCancellation = (orderId: string) => ordersApi.withdrawCancellation(orderId);
