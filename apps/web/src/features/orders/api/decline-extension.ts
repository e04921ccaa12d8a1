import { ordersApi } from './orders-api';

/**
 * POST /api/orders/{orderId}/extension/decline: the creator keeps the due date. One of an order card's steps
 * (useOrderAction).
 */
export const declineExtension = (orderId: string) => ordersApi.declineExtension(orderId);
