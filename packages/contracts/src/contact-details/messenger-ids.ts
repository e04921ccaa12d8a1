/**
 * Messenger ids with a syntax of their own, read on the plain reading with URLs blanked out:
 *
 * - a Discord tag, a name and four digits after "#": "rahul#1234" — not a colour ("#ff00aa" has no name
 *   before it), not a take or a scene ("scene#1234"), not a file ("clip#0012.mp4");
 * - a Skype id, "live:" and the id with no space: "live:.cid.9f3a…", "live:rahul.cuts_1" (blocked when it
 *   has the shape of an id or Skype is named; a bare word is only flagged). "live: 4K footage" has a space.
 */
import type { Finding } from './types';

const DISCORD_TAG = /(?<![\p{L}\p{N}_.#])([a-z][\p{L}\p{N}_.]{1,31})#(\d{4})(?![\p{L}\p{N}_#]|\.[a-z0-9])/gu;
/** Words that number takes, scenes and files: "scene#1234", "take#0003". */
const PRODUCTION_WORDS = new Set(
  (
    'scene shot take clip frame frames cam camera reel reels part ep episode track version ver v order ' +
    'invoice inv ticket sku batch issue pr bug build render export cut layer comp seq sequence page slide ' +
    'room no number'
  ).split(' '),
);
const SKYPE_ID = /(?<![\p{L}\p{N}])live:(\.cid\.[a-z0-9]{4,40}|[a-z][a-z0-9._-]{2,40})(?![\p{L}\p{N}])/gu;
const NAMES_SKYPE = /(?<![\p{L}])(?:skype|msn|microsoft)(?![\p{L}])/u;

export function findMessengerIds(text: string): Finding[] {
  const findings: Finding[] = [];
  for (const match of text.matchAll(DISCORD_TAG)) {
    const name = match[1] ?? '';
    if (PRODUCTION_WORDS.has(name)) continue;
    const start = match.index;
    findings.push({
      kind: 'handle',
      verdict: 'block',
      reason: 'Discord tag',
      start,
      end: start + match[0].length,
      text: match[0],
    });
  }
  for (const match of text.matchAll(SKYPE_ID)) {
    const id = match[1] ?? '';
    const certain = id.startsWith('.cid.') || /[0-9._-]/u.test(id) || NAMES_SKYPE.test(text);
    const start = match.index;
    findings.push({
      kind: 'handle',
      verdict: certain ? 'block' : 'flag',
      reason: certain ? 'Skype id' : 'Possible Skype id',
      start,
      end: start + match[0].length,
      text: match[0],
    });
  }
  return findings;
}
