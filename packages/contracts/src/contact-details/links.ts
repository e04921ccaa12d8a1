/**
 * Links. Two jobs:
 *
 * - `findChannelLinks` (on the compact reading, so "t dot me / x" and "wa . me/91…" count): links that open
 *   a private channel (WhatsApp, Telegram, Messenger, link-in-bio pages, profiles on Instagram, Facebook,
 *   X, LinkedIn, Snapchat), link shorteners (they hide where they go) and URI schemes that dial, text or
 *   open a messenger (tel:, mailto:, tg:…). A post or reel on a social site is only flagged: it is often
 *   a reference, but it leads to the account.
 * - `scanUrls` (on the plain reading): finds every URL so the other detectors do not read a video's id as
 *   a phone number or a URL's path as a handle; a URL whose path carries a mobile number is reported
 *   (blocked, or only flagged on the work sites people share files on, whose ids are long numbers).
 */
import { sourceSpan, type MappedText } from './mapped-text';
import { BREAK, isMobileShaped } from './number-shapes';
import { HOSTS, type PathVerdict } from './link-hosts';
import type { ContactDetailKind, Finding } from './types';

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
/** A host as a pattern that also matches it spaced out ("t . me"). */
const spaced = (host: string): string => host.split('.').map(escape).join(' ?\\. ?');
const HOST_ALTERNATIVES = Object.keys(HOSTS)
  .sort((a, b) => b.length - a.length)
  .map(spaced)
  .join('|');

const CHANNEL_LINK = new RegExp(
  String.raw`(?<![\p{L}\p{N}\-@.])(?:https? ?: ?/ ?/ ?)?(?:[a-z0-9][a-z0-9-]{0,40} ?\. ?)?(${HOST_ALTERNATIVES})(?![\p{L}\p{N}\-])(?: ?([/?#]) ?([^ ]{0,300}))?`,
  'gu',
);

/** URI schemes that call, text, mail or open a messenger. */
const CONTACT_SCHEME =
  /(?<![\p{L}\p{N}])(tg|tel|sms|smsto|mailto|whatsapp|skype|viber|callto|facetime|facetime-audio|sgnl|fb-messenger|weixin|threema):[^ ]{1,300}/gu;

export function findChannelLinks(compact: MappedText): Finding[] {
  const findings: Finding[] = [];
  const report = (
    kind: ContactDetailKind,
    verdict: Finding['verdict'],
    reason: string,
    at: number,
    text: string,
  ): void => {
    const [start, end] = sourceSpan(compact, at, at + text.length);
    findings.push({ kind, verdict, reason, start, end, text });
  };
  for (const match of compact.text.matchAll(CONTACT_SCHEME)) {
    const scheme = match[1] ?? '';
    report(
      'link',
      'block',
      scheme === 'mailto' ? 'E-mail link' : `Contact link (${scheme}:)`,
      match.index,
      match[0],
    );
  }
  for (const match of compact.text.matchAll(CHANNEL_LINK)) {
    const rule = HOSTS[(match[1] ?? '').replaceAll(' ', '')];
    if (!rule) continue;
    const segments = (match[3] ?? '')
      .replaceAll(' ', '')
      .split(/[/?#&=]/u)
      .filter(Boolean);
    const verdict: PathVerdict = rule.judge ? rule.judge(segments) : segments.length > 0 ? 'block' : null;
    if (!verdict) continue;
    const reason =
      verdict === 'flag' ? (rule.flagLabel ?? rule.label.replace('profile link', 'post link')) : rule.label;
    report(rule.kind, verdict, reason, match.index, match[0]);
  }
  return findings;
}

/** Sites people send work files and references on; their ids are often long numbers. */
const WORK_HOSTS = [
  'youtube.com',
  'youtu.be',
  'drive.google.com',
  'docs.google.com',
  'photos.google.com',
  'dropbox.com',
  'dropboxusercontent.com',
  'wetransfer.com',
  'we.tl',
  'vimeo.com',
  'frame.io',
  'f.io',
  'cutroom.example',
];
const isWorkHost = (host: string): boolean =>
  WORK_HOSTS.some((work) => host === work || host.endsWith(`.${work}`));

/** Any URL: with a scheme or www., or a bare domain followed by a path. Starts only where a host can. */
const ANY_URL =
  /(?<![\p{L}\p{N}.@-])(?:(?:https?:\/\/|www\.)[^\s<>"']{1,2048}|[a-z0-9][a-z0-9-]{0,62}(?:\.[a-z0-9][a-z0-9-]{0,62}){0,8}\.[a-z]{2,24}[/?#][^\s<>"']{0,2048}|(?:tg|tel|sms|smsto|mailto|whatsapp|skype|viber|callto|facetime|sgnl):[^\s<>"']{1,300})/gu;
const MOBILE_IN_PATH = /(?<!\d)(?:\+?91)?[6-9]\d{9}(?!\d)/u;

export interface ScannedUrls {
  /** The text with each URL but its host replaced by BREAK: a host is read like text ("www.98765…"). */
  hostsOnly: string;
  /** The text with each URL replaced by BREAK. */
  withoutUrls: string;
  /** URLs whose path carries a mobile number. */
  findings: Finding[];
}

export function scanUrls(text: string): ScannedUrls {
  const findings: Finding[] = [];
  let hostsOnly = '';
  let withoutUrls = '';
  let copied = 0;
  for (const match of text.matchAll(ANY_URL)) {
    const url = match[0];
    const at = match.index;
    const scheme = /^[a-z]+:(?:\/\/)?/u.exec(url)?.[0] ?? '';
    const rest = url.slice(scheme.length);
    const slash = rest.search(/[/?#]/u);
    const host = slash === -1 ? rest : rest.slice(0, slash);
    const hostEnd = scheme.length + host.length;
    const path = url.slice(hostEnd);
    const mobile = MOBILE_IN_PATH.exec(path);
    if (mobile && isMobileShaped(mobile[0].replace('+', ''))) {
      const start = at + hostEnd + mobile.index;
      findings.push({
        kind: 'phone',
        verdict: isWorkHost(host) ? 'flag' : 'block',
        reason: isWorkHost(host) ? 'Mobile-number-shaped id in a file link' : 'Phone number in a link',
        start,
        end: start + mobile[0].length,
        text: mobile[0],
        digits: mobile[0].replace('+', ''),
      });
    }
    const before = text.slice(copied, at);
    hostsOnly += before + BREAK.repeat(scheme.length) + host + BREAK.repeat(path.length);
    withoutUrls += before + BREAK.repeat(url.length);
    copied = at + url.length;
  }
  hostsOnly += text.slice(copied);
  withoutUrls += text.slice(copied);
  return { hostsOnly, withoutUrls, findings };
}
