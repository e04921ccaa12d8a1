export { MissingToolError } from '../../../lib/run-tool';

/** The file cannot become a preview whatever we try (not a picture, corrupt): retrying will not help. */
export class UnusableMediaError extends Error {}
