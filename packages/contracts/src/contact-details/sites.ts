/**
 * Personal websites, read on the compact reading (so "rahul cuts dot com" reads "rahul cuts . com"):
 *
 * - a page on a site builder is a person's site: "rahulcuts.carrd.co", "priya.github.io";
 * - a web address spelled with spaces around its dots is hiding: "rahulcuts . com", "www . x . in",
 *   "h t t p s : / / x . com" — a dot typed in a sentence has no space before it ("Ok. In the morning");
 * - a domain named as one's own site: "my portfolio: rahulkumar.in", "see more at www.x.in";
 * - a domain that reads as an editor's studio name: "rahulcuts.com", "priyafilms.studio" (a word like
 *   "films" or "cuts" ending a longer name; "frame.io" is the word alone and passes).
 *
 * Well-known sites named without those signs pass ("I work at netflix.com", "like www.apple.com").
 */
import { sourceSpan, type MappedText } from './mapped-text';
import type { Finding } from './types';

const TLDS =
  'com|in|net|org|co|io|me|info|biz|ai|app|dev|xyz|us|uk|ca|au|de|fr|live|online|site|website|tech|store|' +
  'pro|cc|tv|studio|studios|film|films|media|design|agency|art|photo|photography|video|page|link|world|' +
  'space|one|digital|works|life|club|gallery|portfolio|show|productions|vision|cam|blog|me';
const LABEL = String.raw`[a-z][a-z0-9-]{0,62}`;
const SCHEME = String.raw`(?:h ?t ?t ?p ?s? ?: ?/ ?/ ?)?`;

/** Hosts whose subdomains are people's own pages. */
const BUILDERS = [
  'carrd.co',
  'github.io',
  'wixsite.com',
  'netlify.app',
  'vercel.app',
  'webflow.io',
  'framer.website',
  'framer.ai',
  'notion.site',
  'substack.com',
  'blogspot.com',
  'wordpress.com',
  'tumblr.com',
  'squarespace.com',
  'canva.site',
  'journoportfolio.com',
  'pb.online',
]
  .map((host) => host.replaceAll('.', ' ?\\. ?'))
  .join('|');
const BUILDER_PAGE = new RegExp(
  String.raw`(?<![\p{L}\p{N}@.\-] ?)${SCHEME}(?:www ?\. ?)?${LABEL} ?\. ?(?:${BUILDERS})(?![\p{L}\p{N}\-])`,
  'gu',
);
/** A domain with optional scheme and www; `(?<!@ ?)` leaves addresses to the e-mail detector. */
const DOMAIN = new RegExp(
  String.raw`(?<![\p{L}\p{N}@.\-])(?<!@ )${SCHEME}(?:w ?w ?w ?\. ?)?(?:${LABEL} ?\. ?){0,3}(${LABEL}) ?\. ?(?:${TLDS})(?![\p{L}\p{N}\-])`,
  'gu',
);
/** Words before a domain that say it is the writer's own site, or where to go. */
const OWN_SITE_BEFORE =
  /(?:(?<![\p{L}])(?:my|mera|meri|our) (?:own |personal |official )?(?:website|web site|site|portfolio|page|blog|studio)(?: is| at| -|:| =)?|(?<![\p{L}])(?:website|portfolio)(?: -|:| =)|(?<![\p{L}])(?:visit|see more at|more at|find me at|reach me at|contact me at|hire me at|book me at|check out my site|dekho)(?: -|:)?) $/u;
/** Endings of a studio's name ("rahulcuts", "priyafilms"); the word alone is a company, not a person. */
const STUDIO_ENDINGS =
  /.(?:edits?|editz|cuts|films|visuals|studios?|productions?|motion|vfx|designs?|portfolio|creatives?|shoots?|frames|reels|media)$/u;
const NOT_SITE_NAMES = new Set(['the', 'a', 'an', 'this', 'that', 'my', 'your', 'its', 'it', 'our']);

export function findPersonalSites(compact: MappedText): Finding[] {
  const findings: Finding[] = [];
  const report = (reason: string, at: number, text: string): void => {
    const [start, end] = sourceSpan(compact, at, at + text.length);
    findings.push({ kind: 'link', verdict: 'block', reason, start, end, text });
  };
  const text = compact.text;
  for (const match of text.matchAll(BUILDER_PAGE)) report('Personal website', match.index, match[0]);
  for (const match of text.matchAll(DOMAIN)) {
    const name = match[1] ?? '';
    if (NOT_SITE_NAMES.has(name)) continue;
    const spacedDot = / \./u.test(match[0]);
    if (spacedDot) {
      report('Web address in disguise', match.index, match[0]);
      continue;
    }
    const before = text.slice(Math.max(0, match.index - 40), match.index);
    if (OWN_SITE_BEFORE.test(before) || STUDIO_ENDINGS.test(name)) {
      report('Personal website', match.index, match[0]);
    }
  }
  return findings;
}
