/**
 * What other modules may use from payments: opening a payment for an order, refunds, and in-process
 * hooks fired when a payment succeeds or is refunded.
 */

export { paymentHooks, PayoutPorts } from './hooks';
export type { PaymentRefundedEvent, PaymentSucceededEvent } from './hooks';
export { paymentsContext, type PaymentsContext } from './context';
export { gatewayFor, simulatorFor } from './gateway';
export { createRefund } from './refunds';
export { completeReservedPayment, findOpenPayment, reservePayment, type PaymentRow } from './service';
