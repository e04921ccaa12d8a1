// The orders feature: offers and orders in a room, their steps and reviews, the member's order list, the
// checkout (paying for an order or a tier) and the admin's orders (screens in routes.ts).
export { orderKeys } from './api/order-keys';
export { ordersApi } from './api/orders-api';
export type { PayableOrder } from './checkout/payment-summary';
export { CheckoutFollow, useCheckoutSettled } from './checkout/checkout-follow';
export { OfferRequestLine, offerRequestOf } from './components/offer-request-line';
export { OrderPanel } from './components/order-panel';
export type { OrderSide } from './components/order-actions';
export type { OrderDisputeParts } from './components/order-dispute-parts';
export { OrderStatusBadge } from './components/order-status-badge';
export { OrderTimeline } from './components/order-timeline';
export { OrderSummary } from './admin/order-summary';
export { useAdminOrder } from './api/get-admin-order';
export { OrdersList } from './components/orders-list';
export {
  followsRoomOrders,
  invalidateRoomOrders,
  useRoomOrder,
  useRoomOrderList,
} from './hooks/use-room-orders';
export { formatOrderDay, orderPlanLabel, orderTermsLine } from './utils/format';

/** The payment modal, fetched when someone pays (its form and the gateway's loader are not small). */
export const loadPaymentModal = () => import('./checkout/payment-modal');
