import type { SettlementInput } from '@cutroom/contracts/orders';
import { ordersApi } from './orders-api';

/**
 * POST /api/orders/{orderId}/settlement: either side of a paid, delivered order proposes completing it for
 * less than was paid, with an optional reason. One of an order card's steps (useOrderAction).
 */
export const proposeSettlement = (orderId: string, input: SettlementInput) =>
  ordersApi.proposeSettlement(orderId, input);
