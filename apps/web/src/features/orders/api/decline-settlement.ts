import { ordersApi } from './orders-api';

/**
 * POST /api/orders/{orderId}/settlement/decline: the other side refuses the amount; the order goes on at its
 * price. One of an order card's steps (useOrderAction).
 */
export const declineSettlement = (orderId: string) => ordersApi.declineSettlement(orderId);
