import { ordersApi } from './orders-api';

/**
 * POST /api/orders/{orderId}/extra-revision: the editor agrees to a revision beyond those included. One of an
 * order card's steps (useOrderAction).
 */
export const acceptExtraRevision = (orderId: string) => ordersApi.acceptExtraRevision(orderId);
