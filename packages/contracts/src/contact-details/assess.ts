/**
 * The verdict on a message, alone and together with the same sender's previous few messages (people
 * split a number or an address over several messages: "98765" then "43210").
 *
 * The look-back joins the earlier messages and the new one with a space (so a digit run can continue
 * across) and keeps only what reaches into the new message from an earlier one: a detail already in the
 * earlier messages was judged when they were sent, one wholly inside the new message is the new message's
 * own. What is certain (an address, a link, a handle, a number that is a mobile number or made of
 * messages holding nothing else) blocks; anything else found this way is flagged.
 */
import { detect } from './detect';
import { findBase64 } from './encoded';
import { normalise, type Readings } from './normalise';
import { isMobileShaped } from './number-shapes';
import type { ContactDetailKind, ContactVerdict, Finding } from './types';

export interface ContactAssessment {
  verdict: ContactVerdict;
  kind: ContactDetailKind | null;
  /** A short English phrase for the moderation queue; null when allowed. */
  reason: string | null;
  /** The recognised part of the normalised text; null when allowed. */
  match: string | null;
}

export interface AssessOptions {
  /** The same sender's last messages in the same room, oldest first; only the last few are used. */
  earlier?: readonly string[];
}

/** How many earlier messages the look-back joins. */
export const LOOK_BACK_MESSAGES = 5;

const ALLOW: ContactAssessment = { verdict: 'allow', kind: null, reason: null, match: null };

/**
 * Every finding in a message alone, from both of its readings (as typed and as displayed), and the base64
 * words of the text as typed (`typed`; base64 is case-sensitive) that decode to a detail.
 */
export function findingsIn(readings: Readings, typed?: string): Finding[] {
  const found = detect(readings.logical);
  if (readings.visual !== null) found.push(...detect(readings.visual));
  if (typed !== undefined) found.push(...findBase64(typed, decodedDetail));
  return found;
}

/** The first detail the detector would block in a decoded text. */
function decodedDetail(decoded: string): { kind: ContactDetailKind; reason: string } | null {
  const readings = normalise(decoded);
  const block = findingsIn(readings).find((f) => f.verdict === 'block');
  return block ? { kind: block.kind, reason: block.reason } : null;
}

export function assessContactDetails(text: string, options: AssessOptions = {}): ContactAssessment {
  const own = findingsIn(normalise(text), text);
  const ownBlock = own.find((f) => f.verdict === 'block');
  if (ownBlock) return toAssessment(ownBlock);
  const earlier = (options.earlier ?? []).slice(-LOOK_BACK_MESSAGES);
  const across = earlier.length > 0 ? acrossMessages(earlier, text) : [];
  const decisive =
    across.find((f) => f.verdict === 'block') ?? own.find((f) => f.verdict === 'flag') ?? across[0];
  return decisive ? toAssessment(decisive) : ALLOW;
}

function toAssessment(finding: Finding): ContactAssessment {
  return { verdict: finding.verdict, kind: finding.kind, reason: finding.reason, match: finding.text };
}

/** Findings in the joined messages that start in an earlier message and end in the new one. */
function acrossMessages(earlier: readonly string[], text: string): Finding[] {
  const messages = [...earlier, text].map(normalise);
  const readings: ('logical' | 'visual')[] = messages.some((m) => m.visual !== null)
    ? ['logical', 'visual']
    : ['logical'];
  const found: Finding[] = [];
  for (const reading of readings) {
    const parts = messages.map((m) => (reading === 'visual' ? (m.visual ?? m.logical) : m.logical));
    const starts: number[] = [];
    let offset = 0;
    for (const part of parts) {
      starts.push(offset);
      offset += part.length + 1;
    }
    const joined = parts.join(' ');
    const newStart = starts[starts.length - 1]!;
    for (const finding of detect(joined)) {
      if (finding.start >= newStart || finding.end <= newStart) continue;
      found.push(acrossFinding(finding, parts, starts));
    }
  }
  return found;
}

function acrossFinding(finding: Finding, parts: string[], starts: number[]): Finding {
  const reason = `${finding.reason} split across messages`;
  // A mobile number in parts that only comes together across messages is certain: it was sent in pieces.
  if (finding.parts && isMobileShaped(finding.digits ?? '')) return { ...finding, reason, verdict: 'block' };
  if (finding.kind !== 'phone' || finding.verdict === 'flag') return { ...finding, reason };
  const digits = finding.digits ?? '';
  const certain = isMobileShaped(digits) || onlyTheNumber(finding, parts, starts);
  return { ...finding, reason, verdict: certain ? 'block' : 'flag' };
}

/** Whether every message the number touches holds nothing but its part of the number. */
function onlyTheNumber(finding: Finding, parts: string[], starts: number[]): boolean {
  return parts.every((part, i) => {
    const start = starts[i]!;
    const end = start + part.length;
    if (end <= finding.start || start >= finding.end) return true;
    const outside =
      part.slice(0, Math.max(0, finding.start - start)) + part.slice(Math.max(0, finding.end - start));
    return !/[\p{L}\p{N}]/u.test(outside);
  });
}
