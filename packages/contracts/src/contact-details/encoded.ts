/**
 * Contact details encoded so that no digit run or address shows:
 *
 * - hexadecimal: "0x24cb016ea", or hex digits next to the word "hex", whose value is a mobile number;
 * - base64: "OTg3NjU0MzIxMA==" (read on the text as typed, since base64 is case-sensitive) that decodes
 *   to readable text in which the detector finds a detail it would block.
 *
 * Video ids and file ids in links decode to bytes that are not text, so they pass.
 */
import { isMobileShaped } from './number-shapes';
import type { ContactDetailKind, Finding } from './types';

const HEX_PREFIXED = /(?<![\p{L}\p{N}])0x([0-9a-f]{8,11})(?![\p{L}\p{N}])/gu;
const HEX_WORD = /(?<![\p{L}])(?:hex|hexadecimal|base ?16)(?![\p{L}])/u;
const HEX_BARE = /(?<![\p{L}\p{N}])([0-9a-f]{8,11})(?![\p{L}\p{N}])/gu;
const BASE64 = /(?<![A-Za-z0-9+/=])([A-Za-z0-9+/]{12,200}={0,2})(?![A-Za-z0-9+/=])/gu;
/** Decoded text that is mostly readable: printable ASCII and spaces. */
const READABLE = /^[\x20-\x7E]+$/u;

/** What the decoded text holds, by the detector that found it; given by the caller to avoid a cycle. */
export type DecodedCheck = (decoded: string) => { kind: ContactDetailKind; reason: string } | null;

/** Hex numbers that are mobile numbers, on the normalised (lower-case) text. */
export function findHexNumbers(text: string): Finding[] {
  const findings: Finding[] = [];
  const patterns = HEX_WORD.test(text) ? [HEX_PREFIXED, HEX_BARE] : [HEX_PREFIXED];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const digits = BigInt(`0x${match[1]}`).toString();
      if (!isMobileShaped(digits)) continue;
      const start = match.index;
      const end = start + match[0].length;
      if (findings.some((f) => f.start <= start && end <= f.end)) continue;
      findings.push({
        kind: 'phone',
        verdict: 'block',
        reason: 'Phone number written in hexadecimal',
        start,
        end,
        text: match[0],
        digits,
      });
    }
  }
  return findings;
}

/** Base64 words that decode to a contact detail, on the text as typed. */
export function findBase64(text: string, check: DecodedCheck): Finding[] {
  const findings: Finding[] = [];
  for (const match of text.matchAll(BASE64)) {
    const word = match[1] ?? '';
    // Base64 comes in groups of four characters; unpadded, a group of one is impossible.
    if (word.replace(/=+$/u, '').length % 4 === 1) continue;
    if (!/[0-9+/=]/u.test(word) && !/[A-Z]/u.test(word.slice(1))) continue;
    const decoded = decode(word);
    if (decoded === null) continue;
    const found = check(decoded);
    if (!found) continue;
    const start = match.index;
    findings.push({
      kind: found.kind,
      verdict: 'block',
      reason: `${found.reason} encoded in base64`,
      start,
      end: start + match[0].length,
      text: match[0],
    });
  }
  return findings;
}

function decode(word: string): string | null {
  const bytes = Uint8Array.from(atob(pad(word)), (c) => c.charCodeAt(0));
  const decoded = String.fromCharCode(...bytes);
  return READABLE.test(decoded) && decoded.length >= 6 ? decoded : null;
}

function pad(word: string): string {
  const bare = word.replace(/=+$/u, '');
  return bare + '='.repeat((4 - (bare.length % 4)) % 4);
}
