/**
 * Disputes: either side says "this is not what we agreed"; the other answers; the two settle or admins
 * decide, and the decision is carried out on the order once. Owns `disputes` and `dispute_evidence`;
 * freezes and unfreezes orders through the orders module's face, and follows `order.dispute_closed`.
 *
 * This file is the module's one face: other modules and the composition root import only from here
 * (ESLint refuses a reach into any other file of the module; see ARCHITECTURE.md).
 */
export { disputesModule } from './plugin';
