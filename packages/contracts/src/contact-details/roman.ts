/**
 * Digits written as Roman numerals, one numeral per digit: "IX VIII VII VI V IV III II I 0" (a zero is
 * written "0", "N" or "nulla", as Roman numerals have none). Read on the plain reading.
 *
 * Only a stretch of at least MIN_NUMERALS numerals joined by spaces or punctuation counts, so "Part II",
 * "Chapter IV and Chapter V" and "World War II" stay titles. Ten or more digits block; seven to nine flag.
 */
import type { Finding } from './types';

const NUMERALS: Record<string, string> = {
  i: '1',
  ii: '2',
  iii: '3',
  iv: '4',
  v: '5',
  vi: '6',
  vii: '7',
  viii: '8',
  ix: '9',
  x: '10',
  n: '0',
  nulla: '0',
  '0': '0',
};
const MIN_NUMERALS = 5;
const TOKEN = /[\p{L}\p{N}]+/gu;
/** What may stand between two numerals of one number. */
const JOINER = /^[ .,\-_/|:;·•*]{1,3}$/u;

export function findRomanNumbers(text: string): Finding[] {
  const findings: Finding[] = [];
  let run: { digits: string; start: number; end: number; numerals: number } | null = null;
  const close = (): void => {
    if (run && run.numerals >= MIN_NUMERALS && run.digits.length >= 7) {
      const block = run.digits.length >= 10;
      findings.push({
        kind: 'phone',
        verdict: block ? 'block' : 'flag',
        reason: block
          ? `Phone number (${run.digits.length} digits) in Roman numerals`
          : 'Roman numerals that may spell a phone number',
        start: run.start,
        end: run.end,
        text: text.slice(run.start, run.end),
        digits: run.digits,
      });
    }
    run = null;
  };
  for (const match of text.matchAll(TOKEN)) {
    const digits = NUMERALS[match[0]];
    const start = match.index;
    const end = start + match[0].length;
    if (digits === undefined) {
      close();
      continue;
    }
    if (run && JOINER.test(text.slice(run.end, start))) {
      run.digits += digits;
      run.end = end;
      if (match[0] !== '0') run.numerals += 1;
    } else {
      close();
      run = { digits, start, end, numerals: match[0] === '0' ? 0 : 1 };
    }
  }
  close();
  return findings;
}
