/** What a contact detail is; shown to admins in the moderation queue next to the reason. */
export type ContactDetailKind = 'email' | 'phone' | 'link' | 'upi' | 'handle' | 'shortener';

/** allow: deliver; flag: deliver and queue for an admin; block: refuse with the blocked message. */
export type ContactVerdict = 'allow' | 'flag' | 'block';

/** One thing a detector recognised in a normalised text. */
export interface Finding {
  kind: ContactDetailKind;
  verdict: Exclude<ContactVerdict, 'allow'>;
  /** A short English phrase for the moderation queue. */
  reason: string;
  /** Where it is in the normalised text the detector was given (start inclusive, end exclusive). */
  start: number;
  end: number;
  /** The recognised part of the normalised text. */
  text: string;
  /** Phone findings only: the digits read, so the look-back can judge the number's shape. */
  digits?: string;
  /** A number read from parts with words between them (split-number.ts). */
  parts?: boolean;
}
