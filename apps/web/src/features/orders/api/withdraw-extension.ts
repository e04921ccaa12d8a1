import { ordersApi } from './orders-api';

/**
 * POST /api/orders/{orderId}/extension/withdraw: the editor takes back the request for more time. One of an
 * order card's steps (useOrderAction).
 */
export const withdrawExtension = (orderId: string) => ordersApi.withdrawExtension(orderId);
