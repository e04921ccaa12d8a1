/**
 * An order's files: footage and deliveries sent through resumable tus uploads at /api/uploads, checked
 * (SHA-256, type from the bytes, ffprobe for videos), listed and downloaded by the order's sides. Each
 * kind's rules are an UploadKindPolicy; deliveries register theirs from the delivery module.
 *
 * This file is the module's one face: other modules and the composition root import only from here
 * (ESLint refuses a reach into any other file of the module; see ARCHITECTURE.md).
 */
export { filesModule } from './plugin';
export type { UploadKindPolicy, UploadRequest } from './kinds';
export { uploadsUnderWay, type OrderFileRow } from './records';
