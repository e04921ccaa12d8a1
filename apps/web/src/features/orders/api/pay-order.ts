import { ordersApi } from './orders-api';

/** POST /api/orders/{orderId}/pay: starts (or resumes) the payment of an order; the checkout follows. */
export const payOrder = (orderId: string, body: { phone: string; creatorNote: string }) =>
  ordersApi.pay(orderId, body);
