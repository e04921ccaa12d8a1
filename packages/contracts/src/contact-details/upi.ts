/**
 * UPI payment addresses ("name@okaxis", "98765@ybl", "rahul @ paytm", "rahul (at) oksbi"): a way to be
 * paid outside the platform, and a name or phone number besides. Read on the compact reading.
 *
 * The word "at" counts only before handles that are not ordinary words or company names ("rahul at ybl"
 * is an address, "I worked at paytm" is not). A handle with no name before it ("@okaxis") is flagged.
 */
import { END, LOCAL } from './address-parts';
import { sourceSpan, type MappedText } from './mapped-text';
import type { Finding } from './types';

/** Bank and app handles, from the NPCI list of UPI apps (the common ones). */
const CODE_HANDLES = [
  'okaxis',
  'okhdfcbank',
  'okicici',
  'oksbi',
  'okbizaxis',
  'ybl',
  'ibl',
  'axl',
  'apl',
  'yapl',
  'rapl',
  'ptyes',
  'ptaxis',
  'pthdfc',
  'ptsbi',
  'axisb',
  'kmbl',
  'uboi',
  'cnrb',
  'fbl',
  'ikwik',
  'waaxis',
  'wahdfcbank',
  'wasbi',
  'waicici',
  'jupiteraxis',
  'naviaxis',
  'superyes',
  'tapicici',
  'yescred',
  'abfspay',
  'timecosmos',
  'pingpay',
];
const WORD_HANDLES = [
  'upi',
  'paytm',
  'axisbank',
  'hdfcbank',
  'icici',
  'sbi',
  'kotak',
  'yesbank',
  'pnb',
  'boi',
  'barodampay',
  'unionbank',
  'idfcbank',
  'idfcfirst',
  'indus',
  'federal',
  'rbl',
  'aubank',
  'airtel',
  'jio',
  'freecharge',
  'mobikwik',
  'slice',
  'fam',
  'postbank',
  'dbs',
  'hsbc',
  'citi',
];
const ALL_HANDLES = [...CODE_HANDLES, ...WORD_HANDLES].join('|');
/** Not followed by more of a word or by a top-level domain (then it is an e-mail address). */
const HANDLE_END = String.raw`${END}(?!\.[a-z])`;

/** Any spacing around "@": nobody mentions "@okaxis" as an account, so "rahul @okaxis" is an id too. */
const UPI_ADDRESS = new RegExp(String.raw`${LOCAL} ?@ ?(?:${ALL_HANDLES})${HANDLE_END}`, 'gu');
const UPI_WORD_AT = new RegExp(String.raw`${LOCAL} at (?:${CODE_HANDLES.join('|')})${HANDLE_END}`, 'gu');
const BARE_HANDLE = new RegExp(String.raw`(?<![\p{L}\p{N}._%+\-] ?)@(?:${ALL_HANDLES})${HANDLE_END}`, 'gu');

export function findUpi(compact: MappedText): Finding[] {
  const findings: Finding[] = [];
  const report = (verdict: Finding['verdict'], reason: string, at: number, text: string): void => {
    const [start, end] = sourceSpan(compact, at, at + text.length);
    findings.push({ kind: 'upi', verdict, reason, start, end, text });
  };
  for (const pattern of [UPI_ADDRESS, UPI_WORD_AT]) {
    for (const match of compact.text.matchAll(pattern)) report('block', 'UPI id', match.index, match[0]);
  }
  for (const match of compact.text.matchAll(BARE_HANDLE)) {
    const [start] = sourceSpan(compact, match.index, match.index + 1);
    if (!findings.some((f) => f.start <= start && start < f.end)) {
      report('flag', 'UPI handle without a name', match.index, match[0]);
    }
  }
  return findings;
}
