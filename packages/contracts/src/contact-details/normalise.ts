/**
 * Turns a message into the plain lower-case text the detectors read, so that every disguise of a
 * character collapses onto one form before any pattern runs:
 *
 * 1. NFKC: full-width, circled, mathematical and other compatibility forms become plain ones.
 * 2. Two readings: the logical order (what the bytes say) and, when the text carries right-to-left
 *    embedding or override controls, the visual order (what a reader sees), in which those segments are
 *    reversed. "\u202Emoc.liamg@lufituaeb" is read both as typed and as the "beautiful@gmail.com" shown.
 * 3. Invisible characters go: every format character (Cf: zero-width, bidi controls, the tag block
 *    U+E0000–E007F, U+2062, U+180E …), every default-ignorable one (U+034F, Hangul fillers, variation
 *    selectors) and every combining mark (\p{M}) — except the vowel signs of Indic scripts written on an
 *    Indic letter, which are spelling, not decoration ("पाँच" must stay a word to be read as 5).
 * 4. Digits of any script (Devanagari, Bengali, Arabic-Indic …) become ASCII digits. This happens before
 *    the look-alike step, which would turn Devanagari ८ into "C" and Bengali ৪ (4) into "8".
 * 5. Look-alike letters outside ASCII and outside the Indic scripts (Cyrillic "а", Greek "ο", Cherokee,
 *    Canadian syllabics …) become their ASCII skeleton, from the `confusables` library's table.
 * 6. Lower case; every run of white space becomes one space.
 *
 * Each step is one native regular-expression pass over the text (or one loop for the visual order), so
 * the cost is linear in the length of the message.
 */
import { confusablesMap } from 'confusables';

export interface Readings {
  /** The text in the order it was typed. */
  logical: string;
  /** The text in the order it is displayed, when right-to-left controls make that differ; else null. */
  visual: string | null;
}

const BIDI_RTL_CONTROL = /[\u202B\u202E\u2067]/u;
/** LRE, RLE, LRO, RLO, LRI, RLI, FSI open a segment; PDF and PDI close the innermost one. */
const OPENS_LTR = new Set([0x202a, 0x202d, 0x2066, 0x2068]);
const OPENS_RTL = new Set([0x202b, 0x202e, 0x2067]);
const CLOSES = new Set([0x202c, 0x2069]);
/** Bidi embeddings end at a paragraph break. */
const PARAGRAPH = new Set([0x0a, 0x0d, 0x85, 0x2029]);
/** Unicode caps embedding at 125 levels; a message needs far fewer, and a cap bounds the copying. */
const MAX_DEPTH = 16;

/**
 * Invisible characters: controls other than white space, format characters, default-ignorable code
 * points, combining marks that are not an Indic script's own sign on an Indic letter.
 */
const INVISIBLE =
  /(?![\t\n\v\f\r])[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]|(?![\u0900-\u0DFF])\p{M}|(?<![\u0900-\u0DFF])\p{M}/gu;
const NON_ASCII_DIGIT = /(?![0-9])\p{Nd}/gu;
/** Characters the look-alike table may rewrite: outside ASCII and outside the Indic blocks. */
const LOOK_ALIKE_CANDIDATE = /(?![\u0900-\u0DFF])\P{ASCII}/gu;
/** White space, including the braille blank people use as an "empty" character. */
const SPACE_RUN = /[\s\u2800]+/gu;
/** Full stops of other scripts that read as a dot in an address ("gmail。com"). */
const OTHER_FULL_STOPS: Record<string, string> = { '。': '.', '︒': '.' };

export function normalise(text: string): Readings {
  const nfkc = text.normalize('NFKC');
  const logical = clean(nfkc);
  if (!BIDI_RTL_CONTROL.test(nfkc)) return { logical, visual: null };
  const visual = clean(displayOrder(nfkc));
  return { logical, visual: visual === logical ? null : visual };
}

function clean(text: string): string {
  return (
    text
      // Lower case first: a few capitals lower to a letter plus a combining mark ("İ"), removed next.
      .toLowerCase()
      .replace(INVISIBLE, '')
      .replace(NON_ASCII_DIGIT, (digit) => String(digitValue(digit)))
      .replace(LOOK_ALIKE_CANDIDATE, lookAlike)
      .replace(SPACE_RUN, ' ')
      .trim()
  );
}

function lookAlike(char: string): string {
  const skeleton = OTHER_FULL_STOPS[char] ?? confusablesMap.get(char);
  return skeleton === undefined ? char : skeleton.toLowerCase();
}

const digitValues = new Map<number, number>();
const IS_DIGIT = /^\p{Nd}$/u;

/**
 * A decimal digit's value. Unicode lays every script's digits out as ten consecutive code points from
 * zero, and blocks of digits that touch hold whole sets of ten, so the value is the distance from the
 * start of the block, modulo ten. Results are cached (there are only a few hundred such characters).
 */
function digitValue(digit: string): number {
  const code = digit.codePointAt(0)!;
  const known = digitValues.get(code);
  if (known !== undefined) return known;
  let first = code;
  while (first > 0 && code - first < 100 && IS_DIGIT.test(String.fromCodePoint(first - 1))) first -= 1;
  const value = (code - first) % 10;
  digitValues.set(code, value);
  return value;
}

/**
 * The order a reader sees: segments opened by a right-to-left embedding, override or isolate are reversed
 * (the brief's model of display; it is what makes an overridden "moc.liamg@…" show as "…@gmail.com").
 * The controls themselves are dropped.
 */
function displayOrder(text: string): string {
  const stack: { rtl: boolean; text: string }[] = [{ rtl: false, text: '' }];
  const close = (): void => {
    const segment = stack.pop()!;
    const parent = stack[stack.length - 1]!;
    parent.text += segment.rtl ? Array.from(segment.text).reverse().join('') : segment.text;
  };
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (OPENS_RTL.has(code) || OPENS_LTR.has(code)) {
      if (stack.length < MAX_DEPTH) stack.push({ rtl: OPENS_RTL.has(code), text: '' });
      continue;
    }
    if (CLOSES.has(code)) {
      if (stack.length > 1) close();
      continue;
    }
    if (PARAGRAPH.has(code)) while (stack.length > 1) close();
    stack[stack.length - 1]!.text += char;
  }
  while (stack.length > 1) close();
  return stack[0]!.text;
}
