import { ordersApi } from './orders-api';

/**
 * POST /api/orders/{orderId}/withdraw: the editor withdraws an offer not yet accepted. One of an order card's
 * steps (useOrderAction).
 */
export const withdrawOffer = (orderId: string) => ordersApi.withdraw(orderId);
