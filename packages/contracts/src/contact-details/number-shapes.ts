/**
 * Numbers that are not phone numbers although they are made of digits: dates, clock times and timecodes,
 * prices with thousands separators, amounts and references. The phone detector cuts the first three out
 * before it counts digits and asks the rest about a run it found.
 */

/** Stands in for a cut-out; the phone scanner never joins digits across it. Not a character a message can
 * carry: normalisation removes control characters. */
export const BREAK = '\u0001';

const DAY = String.raw`(?:0?[1-9]|[12]\d|3[01])`;
const MONTH = String.raw`(?:0?[1-9]|1[0-2])`;
const YEAR = String.raw`(?:19|20)\d\d`;

/**
 * Dates and times, whole: a time is 2 to 4 groups ("10:30", "1:23:45", "00:01:30:15") whose later groups
 * are 00–59, and nothing may continue the chain — so "98:76:54:32:10" is not read as a time, nor is its
 * tail "54:32:10".
 */
const DATES_AND_TIMES = new RegExp(
  [
    String.raw`(?<![\d/.\-])${DAY}([/.\-])${MONTH}\1${YEAR}(?![\d/.\-]?\d)`,
    String.raw`(?<![\d/.\-])${YEAR}([/.\-])${MONTH}\2${DAY}(?![\d/.\-]?\d)`,
    String.raw`(?<![\d:.])\d{1,2}[:.][0-5]\d(?:[:.][0-5]\d){0,2} ?(?:am|pm)(?![\p{L}])`,
    String.raw`(?<![\d:])\d{1,3}:[0-5]\d(?::[0-5]\d){0,2}(?![:.]?\d)`,
  ].join('|'),
  'gu',
);

/**
 * A number with thousands separators, Indian ("1,49,999", "1,00,000") or Western ("12,999",
 * "9,876,543,210"), with optional paise. "9,8,7,6" and "98,765,43210" are not, so they stay digits split
 * by commas.
 */
const GROUPED_NUMBER =
  /(?<![\d,.])(?:\d{1,3}(?:,\d{2})*,\d{3}|\d{1,3}(?:,\d{3})+)(?:\.\d{1,2})?(?![,.]?\d)/gu;

/** Signs and words that mark a number as money. */
const CURRENCY_BEFORE =
  /(?:[\p{Sc}]|(?<![\p{L}])(?:rs|inr|usd|rupees?|budget|price|pricing|rate|cost|costs|fee|fees|charges?|paid|pay|amount|total|quote|quoted))\.?[ :-]{0,3}$/u;
const CURRENCY_AFTER =
  /^ ?(?:\/-|[\p{Sc}]|(?:rs|inr|usd|rupees?|only|k|lakh|lakhs|lac|crore|cr)(?![\p{L}]))/u;

/** Words that introduce a reference number rather than a phone number. */
const REFERENCE_BEFORE =
  /(?:(?<![\p{L}])(?:inv|invoice|order|ord|po|ref|reference|txn|transaction|utr|bill|gst|gstin|awb|pnr|ticket|booking|tracking|case|sku|batch|version|build|frame|frames)\.?(?: ?(?:no|number|num|id|#|:|-)\.?)* ?#?|[\p{L}]{2,}[-_/#])$/u;

export interface CutShapes {
  /** The text with dates, times, grouped numbers and price signs replaced by BREAK (same length). */
  text: string;
  /** Grouped numbers of ten or more digits with no sign of money: "9,876,543,210" is a phone number. */
  groupedPhones: { start: number; end: number; text: string; digits: string }[];
}

export function cutShapes(text: string): CutShapes {
  const groupedPhones: CutShapes['groupedPhones'] = [];
  let cut = text.replace(DATES_AND_TIMES, blank);
  cut = cut.replace(GROUPED_NUMBER, (match, offset: number) => {
    const digits = match.replace(/\D/gu, '');
    if (digits.length >= 10 && !isMoney(text, offset, offset + match.length)) {
      groupedPhones.push({ start: offset, end: offset + match.length, text: match, digits });
    }
    return blank(match);
  });
  // Currency signs, "/-" after a price and "%" end a number: "₹2,499–₹3,999", "20% 30% 50%".
  cut = cut.replace(/\/-|[\p{Sc}%]/gu, blank);
  return { text: cut, groupedPhones };
}

function blank(match: string): string {
  return BREAK.repeat(match.length);
}

/** Whether the number at text[start, end) is marked as money by what stands before or after it. */
export function isMoney(text: string, start: number, end: number): boolean {
  return (
    CURRENCY_BEFORE.test(text.slice(Math.max(0, start - 12), start)) ||
    CURRENCY_AFTER.test(text.slice(end, end + 8))
  );
}

/** Whether the number at text[start…] follows a reference word or a code prefix ("INV-", "order no."). */
export function isReference(text: string, start: number): boolean {
  return REFERENCE_BEFORE.test(text.slice(Math.max(0, start - 24), start));
}

/** An Indian mobile number, with or without a country or trunk prefix. */
export function isMobileShaped(digits: string): boolean {
  return /^(?:(?:00)?91|0)?[6-9]\d{9}$/u.test(digits);
}

/** Whether some tail of the groups, taken from a group boundary, is an Indian mobile number. */
export function hasMobileTail(groups: readonly string[]): boolean {
  let tail = '';
  for (let i = groups.length - 1; i >= 0; i -= 1) {
    tail = groups[i]! + tail;
    if (tail.length > 13) return false;
    if (isMobileShaped(tail)) return true;
  }
  return false;
}
