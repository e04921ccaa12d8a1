/**
 * The one contact-detail detector (SPEC.md §5, §9): a chat message may not carry an e-mail-like text or a
 * run of 10 or more digits. The page checks before sending and the server checks every message again.
 *
 * Beyond the literal rule it catches the usual ways around it: digits split by spaces, dots, dashes,
 * brackets or slashes ("98765 43210", "(987) 654-3210", "9.8.7.6.5.4.3.2.1.0"), digits written as words,
 * full-width or other-script digits, "name at domain dot com", "name [at] domain [dot] com", and messenger
 * links (wa.me, t.me, tel:, mailto:). It leaves alone what a normal conversation needs: prices ("₹1,499",
 * "Rs 15,000"), times ("10:30"), dates ("04/09/2025 - 10/09/2025"), short numbers and ordinary links
 * (a video link may carry a long numeric id).
 */

export const CONTACT_DETAILS_BLOCKED_MESSAGE =
  'You are not allowed to share personal contact details like email or phone.';

/** Digits in a number, however they are split, from which a message counts as carrying a phone number. */
export const CONTACT_DIGIT_RUN = 10;

export type ContactDetailKind = 'email' | 'phone' | 'link';

export interface ContactDetailMatch {
  kind: ContactDetailKind;
  /** The part of the (normalised) text that was recognised. */
  text: string;
}

/** Top-level domains accepted after a spaced or spelled-out dot ("gmail . com", "gmail dot com"). */
const COMMON_TLDS =
  'com|in|net|org|co|io|me|info|biz|edu|gov|ai|app|dev|xyz|us|uk|ca|au|de|fr|live|email|mail|online|site|tech|store|pro|cc|tv|ac';
/** Mail providers recognised even without a top-level domain ("name at gmail"). */
const MAIL_PROVIDERS =
  'gmail|googlemail|yahoo|ymail|rocketmail|hotmail|outlook|msn|icloud|rediffmail|rediff|protonmail|proton|zoho|zohomail|aol|gmx|yandex';

// Starts only where a word starts, so a long word is tried once (linear time on any input).
const LOCAL = String.raw`(?<![\p{L}\p{N}._%+\-])[\p{L}\p{N}._%+\-]+`;
/** A domain label; spaced-out forms need it to start with a letter ("me @ 5. ok" is not an address). */
const LABEL = String.raw`\p{L}[\p{L}\p{N}\-]*`;
const ANY_LABEL = String.raw`[\p{L}\p{N}][\p{L}\p{N}\-]*`;
const END = String.raw`(?![\p{L}\p{N}])`;
/** "(at)", "[at]", "{at}", "<at>" */
const BRACKET_AT = String.raw`[(\[{<]\s*at\s*[)\]}>]`;
const BRACKET_DOT = String.raw`[(\[{<]\s*dot\s*[)\]}>]`;

const EMAIL_PATTERNS: RegExp[] = [
  // name@domain.tld
  new RegExp(String.raw`${LOCAL}@${ANY_LABEL}(?:\.${ANY_LABEL})*\.[a-z]{2,24}${END}`, 'u'),
  // name @ domain . com, name (at) domain (dot) com, name@domain dot com
  new RegExp(
    String.raw`${LOCAL}\s*(?:@|${BRACKET_AT})\s*${LABEL}(?:\s*(?:\.|${BRACKET_DOT}|\s+dot\s+)\s*${LABEL})*?\s*(?:\.|${BRACKET_DOT}|\s+dot\s+)\s*(?:${COMMON_TLDS})${END}`,
    'u',
  ),
  // name at domain dot com (the words; a real dot only without spaces and for a mail provider)
  new RegExp(
    String.raw`${LOCAL}\s+at\s+${LABEL}(?:\s*(?:${BRACKET_DOT}|\s+dot\s+)\s*${LABEL})*?\s*(?:${BRACKET_DOT}|\s+dot\s+)\s*(?:${COMMON_TLDS})${END}`,
    'u',
  ),
  new RegExp(String.raw`${LOCAL}\s+at\s+(?:${MAIL_PROVIDERS})\.[a-z]{2,24}${END}`, 'u'),
  // name@gmail, name at gmail, name (at) gmail
  new RegExp(String.raw`${LOCAL}\s*(?:@|${BRACKET_AT}|\s+at\s+)\s*(?:${MAIL_PROVIDERS})${END}`, 'u'),
];

const URL_PATTERN =
  /\b(?:(?:https?:\/\/|www\.)[^\s<>"']+|(?:mailto|tel|sms|whatsapp):[^\s<>"']+|(?:[a-z0-9-]+\.)+[a-z]{2,24}\/[^\s<>"']*)/giu;
/** Links that open a private channel: always contact details, whatever they carry. */
const CONTACT_LINK =
  /^(?:(?:mailto|tel|sms|whatsapp):|(?:https?:\/\/)?(?:www\.)?(?:wa\.me|api\.whatsapp\.com|chat\.whatsapp\.com|whatsapp\.com|t\.me|telegram\.me|telegram\.dog|signal\.me|m\.me)(?:\/|$))/iu;

const MOBILE_IN_LINK = /(?<!\d)(?:\+?91)?[6-9]\d{9}(?!\d)/u;

const DIGIT_WORDS: Record<string, string> = {
  zero: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
};
const DIGIT_WORD = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:${Object.keys(DIGIT_WORDS).join('|')})(?![\p{L}\p{N}])`,
  'gu',
);

/**
 * What may sit between the digits of one number: spaces, dots, dashes, brackets, slashes and the symbols
 * people use to break a number up. Not commas (prices), not colons (times), not letters or currency signs.
 */
const SEPARATOR = String.raw`[\s.\-‐‑‒–—―−()\[\]{}\/\\+_*#~|'"]`;
const DIGIT_RUN = new RegExp(String.raw`\p{Nd}(?:${SEPARATOR}*\p{Nd})*`, 'gu');

const DAY = String.raw`(?:0?[1-9]|[12]\d|3[01])`;
const MONTH = String.raw`(?:0?[1-9]|1[0-2])`;
const YEAR = String.raw`(?:19|20)\d\d`;
/** Dates and clock times are not phone numbers; they are cut out before digits are counted. */
const DATES_AND_TIMES = new RegExp(
  [
    String.raw`(?<!\d)${DAY}([\/.\-])${MONTH}\1${YEAR}(?!\d)`,
    String.raw`(?<!\d)${YEAR}([\/.\-])${MONTH}\2${DAY}(?!\d)`,
    String.raw`(?<!\d)(?:[01]?\d|2[0-3])[:.][0-5]\d(?::[0-5]\d)?\s*(?:am|pm)(?![a-z])`,
    String.raw`(?<!\d)(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?(?!\d)`,
  ].join('|'),
  'giu',
);

/** Full-width and compatibility forms to plain ones, lower case, invisible characters removed. */
function normalise(text: string): string {
  return (
    text
      .normalize('NFKC')
      // Zero-width characters, soft hyphens, variation selectors and the keycap mark ("9️⃣" is a 9).
      .replace(/[\u200B-\u200D\u2060\uFEFF\u00AD]|\p{Variation_Selector}|\u20E3/gu, '')
      .toLowerCase()
  );
}

/** A list or range of round amounts ("15000 - 25000", "10000 20000 30000") is money, not a number. */
function isRoundAmounts(run: string): boolean {
  const groups = run.split(new RegExp(`${SEPARATOR}+`, 'u')).filter(Boolean);
  return groups.length > 1 && groups.every((g) => g.length >= 4 && /000$/u.test(g));
}

function findPhone(text: string): ContactDetailMatch | null {
  // Ordinary links may carry long numeric ids (a video's), so only a link's host is scanned like text,
  // and its path only for the shape of an Indian mobile number. Messenger links were refused before this.
  let inLink: ContactDetailMatch | null = null;
  let scan = text.replace(URL_PATTERN, (url) => {
    const [host = '', ...rest] = url.replace(/^[a-z]+:(?:\/\/)?/u, '').split(/(?=[/?#])/u);
    const mobile = rest.join('').match(MOBILE_IN_LINK);
    if (mobile && !inLink) inLink = { kind: 'phone', text: mobile[0] };
    return ` ${host} ; `;
  });
  if (inLink) return inLink;
  scan = scan.replace(DIGIT_WORD, (w) => DIGIT_WORDS[w] ?? w);
  scan = scan.replace(DATES_AND_TIMES, ' ; ');
  for (const match of scan.matchAll(DIGIT_RUN)) {
    const run = match[0];
    const digits = run.replace(/\P{Nd}/gu, '');
    if (digits.length < CONTACT_DIGIT_RUN) continue;
    if (/^\p{Nd}+$/u.test(run) || !isRoundAmounts(run)) return { kind: 'phone', text: run };
  }
  return null;
}

/** The first contact detail found in a message, or null when the message may be sent. */
export function findContactDetails(text: string): ContactDetailMatch | null {
  const normalised = normalise(text);
  for (const url of normalised.match(URL_PATTERN) ?? []) {
    if (CONTACT_LINK.test(url)) return { kind: 'link', text: url };
  }
  for (const pattern of EMAIL_PATTERNS) {
    const match = normalised.match(pattern);
    if (match) return { kind: 'email', text: match[0] };
  }
  return findPhone(normalised);
}

export const containsContactDetails = (text: string): boolean => findContactDetails(text) !== null;
