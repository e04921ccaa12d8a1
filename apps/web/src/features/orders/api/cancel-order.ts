import { ordersApi } from './orders-api';

/**
 * POST /api/orders/{orderId}/cancel: the creator cancels at once (unpaid and awaiting payment, or late: a
 * full refund). One of an order card's steps (useOrderAction).
 */
export const cancelOrder = (orderId: string, reason?: string) => ordersApi.cancel(orderId, reason);
