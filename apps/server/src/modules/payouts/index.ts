/**
 * Editors' earnings and payouts through Easy Split: the ledger follows `order.paid`,
 * `order.closed` and `refund.succeeded`.
 *
 * This file is the module's one face: other modules and the composition root import only from here
 * (ESLint refuses a reach into any other file of the module; see ARCHITECTURE.md).
 */
export { payoutsModule } from './plugin';
