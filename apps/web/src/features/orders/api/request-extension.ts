import type { ExtensionInput } from '@cutroom/contracts/orders';
import { ordersApi } from './orders-api';

/**
 * POST /api/orders/{orderId}/extension: the editor asks for more days on an order in progress, with a
 * reason. One of an order card's steps (useOrderAction).
 */
export const requestExtension = (orderId: string, input: ExtensionInput) =>
  ordersApi.requestExtension(orderId, input);
