import { ordersApi } from './orders-api';

/**
 * POST /api/orders/{orderId}/settlement/withdraw: the side that proposed a different amount takes it back.
 * One of an order card's steps (useOrderAction).
 */
export const withdrawSettlement = (orderId: string) => ordersApi.withdrawSettlement(orderId);
