/**
 * Public media files (portfolio samples, photos) served from storage with byte ranges.
 *
 * This file is the module's one face: other modules and the composition root import only from here
 * (ESLint refuses a reach into any other file of the module; see ARCHITECTURE.md).
 */
export { mediaPlugin as mediaModule } from './plugin';
