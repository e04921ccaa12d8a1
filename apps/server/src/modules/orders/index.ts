/**
 * Orders: offers, acceptance, payment links, work and review, cancellation, deadlines. Emits
 * `order.paid` and `order.closed`.
 *
 * This file is the module's one face: other modules and the composition root import only from here
 * (ESLint refuses a reach into any other file of the module; see ARCHITECTURE.md).
 */
export { orderKernel } from './context';
export { assertDeliverable, markDelivered } from './delivered';
export type { OrderKernel } from './kernel';
export { orderNoticeLines } from './notices';
export { isPaidRecord, selectOrders } from './records';
export type { OrderRecord, OrderRow } from './records';
export { ordersModule } from './plugin';
export { announceApproval, completeApprovedOrder, requestOrderChanges } from './review';
export { referenceOf } from './shape';
