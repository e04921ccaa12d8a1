import { ordersApi } from './orders-api';

/**
 * POST /api/orders/{orderId}/extension/accept: the creator gives the days asked for; the due date moves and
 * the order is no longer late. One of an order card's steps (useOrderAction).
 */
export const acceptExtension = (orderId: string) => ordersApi.acceptExtension(orderId);
