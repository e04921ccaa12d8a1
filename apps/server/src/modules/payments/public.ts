/**
 * What other modules may use from payments: opening a payment for an order, refunds, and in-process
 * hooks fired when a payment succeeds or is refunded.
 */

export {
  onPaymentRefunded,
  onPaymentRefundedInTransaction,
  onPaymentSucceeded,
  onPaymentSucceededInTransaction,
  paymentHooks,
} from './hooks';
export type { PaymentRefundedEvent, PaymentSucceededEvent } from './hooks';
export { paymentsContext, type PaymentsContext } from './context';
export { gatewayFor, simulatorFor } from './gateway';
export { createRefund } from './refunds';
export { completeReservedPayment, findOpenPayment, openedPayment, reservePayment } from './opening';
export type { PaymentRow } from './queries';
