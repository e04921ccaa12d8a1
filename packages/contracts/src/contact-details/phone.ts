/**
 * Phone numbers, however they are split or spelled. The text is read as a sequence of digit items
 * (numerals, number words, "double nine") with gaps between them, and items are joined into runs:
 *
 * - tight gaps (spaces, dots, dashes, brackets, slashes …) always join: "98765 43210", "(987) 654-3210";
 * - loose gaps (commas or colons without spaces, single letters, emoji and other symbols) join too — that
 *   is how "9,8,7,6…", "98:76:54:32:10", "9🙂8🙂7…" and "9a8b7c…" are caught — except "x" between two
 *   2–4 digit numbers ("1920x1080");
 * - a comma or colon followed by a space joins only digits spelled one at a time ("9, 8, 7 …"), so a
 *   list ("1499, 2499, 3999", "tiers 1, 2, 3") stays a list;
 * - "and", "then", "aur" between two numbers join them too, but only a mobile number so joined blocks
 *   ("98765 and 43210"); any other 10 digits are flagged ("Order 12345 and 67890");
 * - letters O and l glued to a number are read as 0 and 1 ("987654321O");
 * - a word, a currency sign, "%", a date, a time or a price with thousands separators ends a run.
 *
 * A run of 10 or more digits blocks. A run of 7–9 digits is flagged when it was disguised (loose gaps
 * or number words); plain 7–9 digit numbers are order numbers and amounts. Runs that are a counting
 * list ("1 2 3 … 10"), amounts ("15000 - 25000", "Rs 1499 - 2999 - 4999") or a reference with a prefix
 * ("INV-2025-000123", "order no. 1725…") pass unless they end in an Indian mobile number.
 */
import { CONNECTIVE, TIGHT_GAP, readDigitItems, type Gap, type Item, type Piece } from './digit-items';
import { cutShapes, hasMobileTail, isMobileShaped, isMoney, isReference } from './number-shapes';
import type { Finding } from './types';

/** Digits in a number, however they are split, from which a message counts as carrying a phone number. */
export const CONTACT_DIGIT_RUN = 10;
/** Digits in a disguised number from which a message is flagged. */
const FLAG_DIGIT_RUN = 7;
/** Number words in a message (not in one run) from which it is flagged. */
const FLAG_NUMBER_WORDS = 7;
/** A longer gap is not a separator inside a number. */
const MAX_GAP = 8;
/** "1920x1080", "3840 × 2160": a size, not digits split by a letter. */
const DIMENSION_GAP = /^ ?[x×] ?$/u;

export function findPhones(text: string, masked: string): Finding[] {
  const { text: cut, groupedPhones } = cutShapes(masked);
  const findings: Finding[] = groupedPhones.map((g) => ({
    kind: 'phone',
    verdict: 'block',
    reason: `Phone number (${g.digits.length} digits) written as an amount`,
    start: g.start,
    end: g.end,
    text: text.slice(g.start, g.end),
    digits: g.digits,
  }));
  const pieces = readDigitItems(cut);
  const runs = splitRuns(pieces);
  for (const run of runs) {
    const finding = judge(run, text, masked);
    if (finding) findings.push(finding);
  }
  if (!findings.some((f) => f.kind === 'phone')) {
    const words = pieces.filter((p): p is Item => p.type === 'item' && p.word && !p.weak);
    if (words.length >= FLAG_NUMBER_WORDS) {
      const start = words[0]!.start;
      const end = words[words.length - 1]!.end;
      findings.push({
        kind: 'phone',
        verdict: 'flag',
        reason: 'Number words that may spell a phone number',
        start,
        end,
        text: text.slice(start, end),
        digits: words.map((w) => w.digits).join(''),
      });
    }
  }
  return findings;
}

/** Every number in a text (as the phone detector joins digits and number words), whatever its length. */
export function numberGroups(masked: string): { digits: string; start: number; end: number }[] {
  return splitRuns(readDigitItems(cutShapes(masked).text)).map((run) => ({
    digits: run.items.map((item) => item.digits).join(''),
    start: run.items[0]!.start,
    end: run.items[run.items.length - 1]!.end,
  }));
}

interface Run {
  items: Item[];
  loose: boolean;
  /** Some items were joined across a word like "and" ("98765 and 43210"). */
  connected: boolean;
}

type Join = 'tight' | 'loose' | 'connective';

function splitRuns(pieces: Piece[]): Run[] {
  const runs: Run[] = [];
  let current: Run | null = null;
  let gap: Gap | null = null;
  for (const piece of pieces) {
    if (piece.type === 'gap') {
      gap = gap ? { type: 'gap', text: gap.text + piece.text, hard: gap.hard || piece.hard } : piece;
      continue;
    }
    if (piece.type !== 'item') continue;
    const previous: Item | undefined = current?.items[current.items.length - 1];
    const join = current && previous ? joinKind(gap, previous, piece) : null;
    if (current && join) {
      current.items.push(piece);
      current.loose ||= join === 'loose';
      current.connected ||= join === 'connective';
    } else {
      current = { items: [piece], loose: false, connected: false };
      runs.push(current);
    }
    gap = null;
  }
  return runs;
}

function joinKind(gap: Gap | null, before: Item, after: Item): Join | null {
  if (!gap) return 'tight';
  if (gap.hard || gap.text.length > MAX_GAP) return null;
  if (gap.text.includes(CONNECTIVE)) {
    const rest = gap.text.replace(CONNECTIVE, '');
    return !rest.includes(CONNECTIVE) && /^[ ,]*$/u.test(rest) ? 'connective' : null;
  }
  if (TIGHT_GAP.test(gap.text)) return 'tight';
  if (/[,;:]/u.test(gap.text)) {
    if (!gap.text.includes(' ')) return 'loose';
    return before.spelled && after.spelled ? 'loose' : null;
  }
  const dimension = (item: Item): boolean => item.digits.length >= 2 && item.digits.length <= 4;
  if (DIMENSION_GAP.test(gap.text) && dimension(before) && dimension(after)) return null;
  return 'loose';
}

function judge(run: Run, text: string, masked: string): Finding | null {
  const { items, loose, connected } = run;
  const groups = items.map((item) => item.digits);
  const digits = groups.join('');
  if (digits.length < FLAG_DIGIT_RUN) return null;
  const words = items.some((item) => item.word);
  const start = items[0]!.start;
  const end = items[items.length - 1]!.end;
  if (isCountingList(items)) return null;
  if (!loose && !words) {
    if (isAmountList(groups, masked, start, end)) return null;
    if (isReference(masked, start) && !hasMobileTail(groups)) return null;
  }
  const how = words
    ? ' written in words'
    : loose
      ? ' hidden by separators'
      : connected
        ? ' split by words'
        : '';
  if (connected && !isMobileShaped(digits)) {
    // "Order 12345 and 67890" may be two numbers: only a mobile number is certain.
    if (digits.length < CONTACT_DIGIT_RUN) return null;
    const reason = `Possible phone number (${digits.length} digits) split by words`;
    return { kind: 'phone', verdict: 'flag', reason, start, end, text: text.slice(start, end), digits };
  }
  if (digits.length >= CONTACT_DIGIT_RUN) {
    const reason = `Phone number (${digits.length} digits)${how}`;
    return { kind: 'phone', verdict: 'block', reason, start, end, text: text.slice(start, end), digits };
  }
  if (!loose && !words) return null;
  const reason = words
    ? 'Number words that may spell a phone number'
    : `Digits split by letters or symbols (${digits.length} digits)`;
  return { kind: 'phone', verdict: 'flag', reason, start, end, text: text.slice(start, end), digits };
}

/** "1 2 3 4 5 6 7 8 9 10", "scenes 4, 5, 6 …": consecutive numbers are a list. */
function isCountingList(items: Item[]): boolean {
  if (items.length < 3 || items.some((item) => item.word || item.digits.length > 4)) return false;
  return items.every((item, i) => i === 0 || Number(item.digits) === Number(items[i - 1]!.digits) + 1);
}

/** "15000 - 25000", "Rs 1499 - 2999 - 4999": round amounts, or a few amounts marked as money. */
function isAmountList(groups: string[], masked: string, start: number, end: number): boolean {
  if (groups.length < 2 || groups.some((g) => g.length < 3)) return false;
  if (groups.every((g) => g.endsWith('00'))) return true;
  return groups.length <= 3 && isMoney(masked, start, end);
}
