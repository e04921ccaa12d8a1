/**
 * E-mail addresses, read on the compact reading (spelled "at"/"dot", brackets and letter-by-letter
 * spelling already folded into symbols with optional spaces):
 *
 * - "name@domain.tld", any top-level domain — but not a file name: "logo@2x.png" has a retina suffix
 *   and a file extension where a domain would be;
 * - "name @ domain . com", "name@domain . co . in": spaced dots need a common top-level domain;
 * - "name at domain . com": the word "at" needs a spelled or spaced dot ("I work at netflix.com" is a
 *   sentence) …
 * - … or a mail provider: "name at gmail", "name@gmail", "name at gmail.com", "name @gmail.com".
 *
 * An @ with a space before and none after ("tag @mybrand.in") is a mention, not an address — unless a
 * mail provider follows. With the word "at", the word before must be a name ("I'm at gmail support" is
 * a sentence).
 */
import { AT_SIGN, END, LABEL, LOCAL, WORD_LABEL } from './address-parts';
import { sourceSpan, type MappedText } from './mapped-text';
import type { Finding } from './types';

/** Top-level domains accepted after a spaced or spelled-out dot ("gmail . com", "gmail dot com"). */
const COMMON_TLDS =
  'com|in|net|org|co|io|me|info|biz|edu|gov|ai|app|dev|xyz|us|uk|ca|au|de|fr|live|email|mail|online|site|tech|store|pro|cc|tv|ac';
/** Mail providers recognised even without a top-level domain ("name at gmail"). */
const MAIL_PROVIDERS =
  'gmail|googlemail|yahoo|ymail|rocketmail|hotmail|outlook|msn|icloud|rediffmail|rediff|protonmail|proton|zoho|zohomail|aol|gmx|yandex|tutanota|fastmail';
/** Endings that make "name@2x.png" a file name rather than an address. */
const FILE_EXTENSIONS = new Set(
  (
    'png jpg jpeg gif svg webp bmp tif tiff heic heif raw cr2 arw nef psd psb aep aepx prproj drp fcpxml ' +
    'mogrt mov mp4 m4v mkv avi wmv webm mxf mp3 wav aac m4a flac ogg pdf zip rar 7z txt doc docx xls ' +
    'xlsx ppt pptx key srt vtt ass xml json csv cube lut otf ttf woff woff2 blend c4d fbx obj'
  ).split(' '),
);

const STRICT_ADDRESS = new RegExp(
  String.raw`${LOCAL}@(${LABEL})((?:\.${LABEL}){0,8})\.([a-z]{2,24})${END}`,
  'gu',
);
/** A common top-level domain, or any one after a dot with a space before it ("x @ y . studio"). */
const TLD = String.raw`(?: ?\. ?(?:${COMMON_TLDS})| \. ?[a-z]{2,24})`;
const SPACED_ADDRESS = new RegExp(
  String.raw`${LOCAL}${AT_SIGN}${WORD_LABEL}(?: ?\. ?${WORD_LABEL}){0,8}${TLD}${END}`,
  'gu',
);
const WORD_AT_ADDRESS = new RegExp(
  String.raw`${LOCAL} at ${WORD_LABEL}(?: \. ${WORD_LABEL}){0,8} \. [a-z]{2,24}${END}`,
  'gu',
);
/** "#" typed for "@" between a name and a domain ("rahul#gmail.com", "rahul # gmail . com"). */
const HASH_FOR_AT = /(?<=[\p{L}\p{N}_] ?)#(?= ?\p{L})/gu;
const PROVIDER_ADDRESS = new RegExp(
  String.raw`${LOCAL}(?: ?@ ?| at )(?:${MAIL_PROVIDERS})(?: ?\. ?[a-z]{2,24}){0,3}${END}`,
  'gu',
);

/**
 * Words that stand before "at" in a sentence, not as a name ("I'm at gmail support", "I work at
 * yahoo"): the spelled-out forms need a name before "at".
 */
const NOT_A_NAME = new Set(
  (
    'i m am is are was were be been being we they you he she it me us them here there now still work works ' +
    'worked working job intern team manager engineer designer editor someone anyone everyone look looking ' +
    'looked meet see call im'
  ).split(' '),
);
const spelledWithSentenceWord = (match: string): boolean => {
  const at = match.indexOf(' at ');
  return at > 0 && NOT_A_NAME.has(match.slice(0, at));
};

/** "logo@2x.png", "icon@3x.webp": a retina suffix or a file extension where the domain would be. */
function isFileName(firstLabel: string, tld: string): boolean {
  return /^\d+(?:\.\d+)?x$/u.test(firstLabel) || FILE_EXTENSIONS.has(tld);
}

type Report = (at: number, length: number, reason: string, shown?: string) => void;

export function findEmails(compact: MappedText): Finding[] {
  const findings: Finding[] = [];
  const text = compact.text;
  const report: Report = (at, length, reason, shown) => {
    const [start, end] = sourceSpan(compact, at, at + length);
    const found = shown ?? text.slice(at, at + length);
    findings.push({ kind: 'email', verdict: 'block', reason, start, end, text: found });
  };
  addresses(text, report, '');
  // The same text with "#" read as "@": a hash sign between a name and a domain stands in for it.
  if (text.includes('#')) addresses(text.replace(HASH_FOR_AT, '@'), report, ' with # for @');
  // Written backwards ("moc.liamg@luhar"): read in reverse, with the places turned back.
  if (text.includes('@')) {
    const reversed = text.split('').reverse().join('');
    const n = text.length;
    addresses(
      reversed,
      // Reported as it reads the right way round, for the moderation queue.
      (at, length, reason) => report(n - at - length, length, reason, reversed.slice(at, at + length)),
      ' written backwards',
    );
  }
  return findings;
}

function addresses(text: string, report: Report, how: string): void {
  for (const match of text.matchAll(STRICT_ADDRESS)) {
    if (!isFileName(match[1] ?? '', match[3] ?? '')) {
      report(match.index, match[0].length, `E-mail address${how}`);
    }
  }
  for (const pattern of [SPACED_ADDRESS, WORD_AT_ADDRESS, PROVIDER_ADDRESS]) {
    for (const match of text.matchAll(pattern)) {
      if (!spelledWithSentenceWord(match[0])) {
        report(match.index, match[0].length, `E-mail address in disguise${how}`);
      }
    }
  }
}
