/**
 * The one contact-detail detector (SPEC.md §5, §9): a chat message may not carry an e-mail-like text or a
 * run of 10 or more digits. The page checks before sending (`findContactDetails`) and the server checks
 * every message again, with the sender's previous messages (`assessContactDetails`).
 *
 * How a message is read (contact-details/normalise.ts): compatibility forms folded (NFKC), invisible
 * characters, bidi controls, tag characters and combining marks removed, digits of every script made
 * ASCII, look-alike letters (Cyrillic, Greek …) reduced to their ASCII skeleton, lower case — in the
 * order typed and, when right-to-left controls are present, in the order displayed.
 *
 * Three verdicts:
 *
 * BLOCK — certain; the message is refused with CONTACT_DETAILS_BLOCKED_MESSAGE.
 * - e-mail addresses, plain or disguised: "name (at) gmail [dot] com", "at the rate", "n a m e @ …",
 *   look-alike letters, reversed by a right-to-left override; not file names ("logo@2x.png") nor
 *   mentions with nothing before the @ ("tag @mybrand.in");
 * - UPI ids ("name@okaxis", "98765@ybl");
 * - 10 or more digits in one number however split or spelled: separators, commas, colons, emoji or
 *   letters between digits, number words in English or Hindi (homophones only next to spelled digits),
 *   "double nine", other scripts' digits — but not dates, times, timecodes, prices, counting lists,
 *   ranges of amounts, or references with a prefix ("INV-2025-000123") unless they end in a mobile
 *   number;
 * - links that open a private channel (wa.me, t.me, tg:, m.me, ig.me, profiles on Instagram, Facebook,
 *   X, LinkedIn, Snapchat, link-in-bio pages), link shorteners, tel:/mailto:/sms: links, and links whose
 *   path carries a mobile number;
 * - e-mail addresses with "#" for "@", written backwards, or with a spaced unknown top-level domain
 *   ("rahul @ rahulcuts . studio"), and any detail encoded in base64;
 * - meeting and booking links (Zoom, Meet, Teams, Calendly …), portfolio, freelance and tip pages
 *   (Behance, Fiverr, Vimeo profiles …), personal websites (a site builder's page, a domain spelled with
 *   spaces, named as one's own site, or named like a studio: "rahulcuts.com");
 * - a handle next to a platform name, short name or nickname ("insta @rahul.edits", "snap: rahul123",
 *   "tg rahulcuts", "the gram: rahulcuts", "the bird app @x"), Discord tags ("rahul#1234"), Skype ids
 *   ("live:.cid.…");
 * - phone numbers in German, Spanish or French number words, in Roman numerals, in hexadecimal, or in
 *   parts with words between them ("first five 98765, last five 43210"; across messages too);
 * - with the look-back: any of the above that only exists when the message is joined to the sender's
 *   previous ones ("98765" then "43210"; "rahul" / "@" / "gmail.com"), when certain: a digit run that
 *   is an Indian mobile number or made of messages holding nothing else.
 *
 * FLAG — suspicious; delivered, and shown to admins with the reason.
 * - 7 to 9 digits in disguise (letters, emoji, commas between them; number words);
 * - seven or more number words in a message;
 * - asking to continue elsewhere or naming a contact channel without details: "call me", "message me on
 *   whatsapp", "whatsapp pe", "share your number", "insta id", "email id", "my insta is rahul";
 * - payment outside the platform: "upi id", "gpay", "pay me directly", "skip the site", "save the fees",
 *   "bank transfer", a bare "@okaxis";
 * - a YouTube channel link, a bare "live:name", a number in parts with no word saying so;
 * - a post link on a social site (it leads to the account), a TikTok profile, a mobile-number-shaped id
 *   in a file-sharing link (YouTube, Drive, Dropbox, Vimeo …);
 * - with the look-back: a digit run of 10 or more that only appears when joined and is not certain.
 *
 * ALLOW — everything else, including the word "email", "@mentions", work links with long ids.
 */
import {
  assessContactDetails,
  findingsIn,
  type AssessOptions,
  type ContactAssessment,
} from './contact-details/assess';
import { normalise } from './contact-details/normalise';
import type { ContactDetailKind } from './contact-details/types';

export { assessContactDetails, type AssessOptions, type ContactAssessment };
export { CONTACT_DIGIT_RUN } from './contact-details/phone';
export type { ContactDetailKind, ContactVerdict } from './contact-details/types';

export const CONTACT_DETAILS_BLOCKED_MESSAGE =
  'You are not allowed to share personal contact details like email or phone.';

export interface ContactDetailMatch {
  kind: ContactDetailKind;
  /** The part of the (normalised) text that was recognised. */
  text: string;
}

/** The first contact detail that blocks the message on its own, or null when the message may be sent. */
export function findContactDetails(text: string): ContactDetailMatch | null {
  const block = findingsIn(normalise(text), text).find((finding) => finding.verdict === 'block');
  return block ? { kind: block.kind, text: block.text } : null;
}

export const containsContactDetails = (text: string): boolean => findContactDetails(text) !== null;
