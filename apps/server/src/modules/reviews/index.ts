/**
 * Ratings and reviews of completed orders, the editor's reply, admins hiding a review.
 *
 * This file is the module's one face: other modules and the composition root import only from here
 * (ESLint refuses a reach into any other file of the module; see ARCHITECTURE.md).
 */
export { reviewsModule } from './plugin';
