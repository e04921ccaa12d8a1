import { ordersApi } from './orders-api';

/**
 * POST /api/orders/{orderId}/decline: the creator declines an offer. One of an order card's steps
 * (useOrderAction).
 */
export const declineOffer = (orderId: string) => ordersApi.decline(orderId);
