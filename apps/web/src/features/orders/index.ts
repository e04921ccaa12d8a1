// The orders feature: offers and orders in a room, their steps and reviews, the member's order list, the
// checkout (paying for an order or a tier) and the admin's orders (screens in routes.ts).
export { orderKeys } from './api/order-keys';
export { ordersApi } from './api/orders-api';
export type { PayableOrder } from './checkout/payment-summary';
export { CheckoutFollow, useCheckoutSettled } from './checkout/checkout-follow';
export { OfferRequestLine, offerRequestOf } from './components/offer-request-line';
export { OrderPanel } from './components/order-panel';
export { OrdersList } from './components/orders-list';
export {
  followsRoomOrders,
  invalidateRoomOrders,
  useRoomOrder,
  useRoomOrderList,
} from './hooks/use-room-orders';
export { formatOrderDay, orderPlanLabel } from './utils/format';

/** The payment modal, fetched when someone pays (its form and the gateway's loader are not small). */
export const loadPaymentModal = () => import('./checkout/payment-modal');
