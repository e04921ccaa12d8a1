/**
 * A mobile number given in parts with words between them, in one message ("first five 98765, last five
 * 43210", "starts with 98765 … ends with 43210") or — through the look-back, which joins a sender's
 * messages — across messages with other messages between the parts.
 *
 * Parts are numbers of 3 to 8 digits that are not money, dates or references; two or three of them near
 * each other whose digits together are an Indian mobile number count. With a word that says the number
 * comes in parts ("first", "last", "rest", "half" …) the finding blocks; without, it is flagged here, and
 * blocks when the look-back finds it reaching across messages (assess.ts).
 */
import { BREAK, isMobileShaped, isMoney, isReference } from './number-shapes';
import { numberGroups } from './phone';
import type { Finding } from './types';

/** "first five", "last 5 digits": how many digits a part has, not a digit of the number. */
const COUNT_PHRASE =
  /(?<![\p{L}])(?:first|last|next|other|remaining|final|initial|baaki|pehle|aakhri) (?:two|three|four|five|six|seven|eight|[2-8])(?: digits?| numbers?)?(?![\p{L}\p{N}])/gu;
const CUE =
  /(?<![\p{L}])(?:first|last|half|part|rest|remaining|second|starts?|starting|ends?|ending|begins?|digits|baaki|pehle|aakhri)(?![\p{L}])/u;
const MIN_PART = 3;
const MAX_PART = 8;
/** How far apart the first and last part may be (the look-back joins up to six messages). */
const MAX_SPAN = 240;

export function findSplitNumbers(text: string, masked: string): Finding[] {
  const blanked = masked.replace(COUNT_PHRASE, (phrase) => BREAK.repeat(phrase.length));
  const parts = numberGroups(blanked).filter(
    (g) =>
      g.digits.length >= MIN_PART &&
      g.digits.length <= MAX_PART &&
      !isReference(masked, g.start) &&
      !isMoney(masked, g.start, g.end),
  );
  const findings: Finding[] = [];
  for (let i = 0; i < parts.length; i += 1) {
    let digits = parts[i]!.digits;
    for (let n = i + 1; n < parts.length && n <= i + 2; n += 1) {
      const last = parts[n]!;
      if (last.end - parts[i]!.start > MAX_SPAN) break;
      digits += last.digits;
      if (digits.length > 13) break;
      if (digits.length < 10 || !isMobileShaped(digits)) continue;
      const start = parts[i]!.start;
      const cued =
        CUE.test(text.slice(start, last.end)) || CUE.test(text.slice(Math.max(0, start - 30), start));
      findings.push({
        kind: 'phone',
        verdict: cued ? 'block' : 'flag',
        reason: cued ? 'Phone number given in parts' : 'Possible phone number given in parts',
        start,
        end: last.end,
        text: text.slice(start, last.end),
        digits,
        parts: true,
      });
    }
  }
  return findings;
}
