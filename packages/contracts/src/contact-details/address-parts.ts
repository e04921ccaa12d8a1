/**
 * Pattern pieces shared by the e-mail and UPI detectors. Every repetition is bounded (a local part is at
 * most 64 characters, a label 63, a domain at most 9 labels) and a local part starts only where a word
 * starts, so each place in a text is tried a bounded number of times: linear time on any input.
 */

/** The part before "@". */
export const LOCAL = String.raw`(?<![\p{L}\p{N}._%+\-])[\p{L}\p{N}._%+\-]{1,64}`;
/** "@" with optional space after, or with spaces on both sides; not "tag @brand" (a mention). */
export const AT_SIGN = String.raw`(?:@ ?| @ )`;
/** A domain label; spaced-out forms need it to start with a letter ("me @ 5. ok" is not an address). */
export const LABEL = String.raw`[\p{L}\p{N}][\p{L}\p{N}\-]{0,62}`;
export const WORD_LABEL = String.raw`\p{L}[\p{L}\p{N}\-]{0,62}`;
export const END = String.raw`(?![\p{L}\p{N}\-])`;
