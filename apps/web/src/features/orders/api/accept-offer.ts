import type { AcceptOfferInput } from '@cutroom/contracts/orders';
import { ordersApi } from './orders-api';

/**
 * POST /api/orders/{orderId}/accept: the creator accepts an offer (to pay now or later). One of an order
 * card's steps (useOrderAction).
 */
export const acceptOffer = (orderId: string, body: AcceptOfferInput) => ordersApi.accept(orderId, body);
