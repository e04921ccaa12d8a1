/**
 * Orders: offers, acceptance, payment links, work and review, cancellation, deadlines. Emits
 * `order.paid` and `order.closed`.
 *
 * This file is the module's one face: other modules and the composition root import only from here
 * (ESLint refuses a reach into any other file of the module; see ARCHITECTURE.md).
 */
export { orderKernel } from './context';
export { carryOutDisputeDecision, type DisputeDecisionInput } from './dispute-decision';
export {
  DISPUTABLE_ORDER_STATUSES,
  freezeForDispute,
  noteDisputeStep,
  unfreezeAfterDispute,
} from './dispute-freeze';
export { assertDeliverable, markDelivered } from './delivered';
export type { OrderKernel } from './kernel';
export type { OrderEffects } from './effects';
export { orderNoticeLines } from './notices';
export { isPaidRecord, lockOrder, selectOrders } from './records';
export type { OrderRecord, OrderRow } from './records';
export { ordersModule } from './plugin';
export { announceApproval, completeApprovedOrder, requestOrderChanges } from './review';
export { formatLineTime, referenceOf } from './shape';
