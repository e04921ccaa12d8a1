/**
 * The admins' dashboard: figures read across orders, payments, payouts, moderation and support (it
 * writes nothing, so it owns no table).
 *
 * This file is the module's one face: other modules and the composition root import only from here
 * (ESLint refuses a reach into any other file of the module; see ARCHITECTURE.md).
 */
export { dashboardModule } from './plugin';
