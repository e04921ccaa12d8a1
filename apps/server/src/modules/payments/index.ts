/**
 * Payments and refunds through the gateway (Cashfree or the simulator). Emits `payment.succeeded`
 * and `refund.succeeded`; payouts plugs its answers into `PayoutPorts`.
 *
 * This file is the module's one face: other modules and the composition root import only from here
 * (ESLint refuses a reach into any other file of the module; see ARCHITECTURE.md).
 */
export { PayoutPorts, paymentHooks } from './hooks';
export type {
  PaymentRefundedEvent,
  PaymentSucceededEvent,
  RefundSplitPlanner,
  VendorSettlementHandler,
} from './hooks';
export { paymentsContext } from './context';
export type { PaymentsContext } from './context';
export { gatewayFor, simulatorFor, simulatorSplitsFor, splitGatewayFor } from './gateway';
export { SIMULATOR_SETTLE_JOB } from './gateway/simulator-split';
export { SIMULATOR_REVIEW_VENDOR_JOB } from './gateway/simulator-vendors';
export type { EasySplitGateway, GatewayVendorInput, VendorDocumentType } from './gateway/split-types';
export { SPLIT_NEVER_POSSIBLE, SPLIT_TOO_SOON } from './gateway/split-types';
export { GatewayError } from './gateway/types';
export { createRefund } from './refunds';
export { NO_REFUNDS, refundTotals, refundTotalsOf } from './refund-totals';
export type { RefundTotals } from './refund-totals';
export {
  completeReservedPayment,
  findOpenPayment,
  openedPayment,
  reservePayment,
  stillOpenAtGateway,
} from './opening';
export type { PaymentRow } from './queries';
export { paymentsModule } from './plugin';
export type { GatewayEvent } from './webhook-format';
export { recordFinding } from './reconciliation/findings';
