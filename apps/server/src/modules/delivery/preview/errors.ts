/** A tool the preview needs is not on this machine: retrying will not help until someone installs it. */
export class MissingToolError extends Error {}

/** The file cannot become a preview whatever we try (not a picture, corrupt): retrying will not help. */
export class UnusableMediaError extends Error {}
