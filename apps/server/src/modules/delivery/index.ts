/**
 * Deliveries of an order: uploads, watermarked previews, review, release of the final file.
 *
 * This file is the module's one face: other modules and the composition root import only from here
 * (ESLint refuses a reach into any other file of the module; see ARCHITECTURE.md).
 */
export { deliveryModule } from './plugin';
