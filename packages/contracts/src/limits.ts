/** Business constants from SPEC.md §9, shared by the server and the web app. */
export const PASSWORD_MIN_LENGTH = 6;
export const PHONE_LENGTH = 10;
export const SEARCH_DEBOUNCE_MS = 500;
export const NOT_FOUND_REDIRECT_SECONDS = 3;
export const TYPING_IDLE_MS = 2000;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 100 * 1024 * 1024;
export const TOAST_LIMIT = 20;
export const TOAST_DURATION_MS = 4500;
/** Hard maximum for any paginated list. */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 50;
