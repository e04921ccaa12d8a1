/**
 * Support tickets: the contact form, the admins' desk and replies by e-mail.
 *
 * This file is the module's one face: other modules and the composition root import only from here
 * (ESLint refuses a reach into any other file of the module; see ARCHITECTURE.md).
 */
export { supportModule } from './plugin';
