/**
 * An order's files: footage (and, later, deliveries) sent through resumable tus uploads at /api/uploads,
 * checked (SHA-256, type from the bytes, ffprobe for videos), listed and downloaded by the order's sides.
 *
 * This file is the module's one face: other modules and the composition root import only from here
 * (ESLint refuses a reach into any other file of the module; see ARCHITECTURE.md).
 */
export { filesModule } from './plugin';
