/**
 * The admins' moderation queue: files suspicious text (on `content.suspected`), dismisses it,
 * removes messages and freezes rooms.
 *
 * This file is the module's one face: other modules and the composition root import only from here
 * (ESLint refuses a reach into any other file of the module; see ARCHITECTURE.md).
 */
export { moderationModule } from './plugin';
