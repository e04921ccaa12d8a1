/**
 * Runs every detector over one normalised text and returns what they found, in the order a block is
 * reported in: links, UPI ids, e-mail addresses, personal websites, numbers in links, handles and
 * messenger ids, phone numbers (in digits and words, Roman numerals, hexadecimal, in parts; then handles
 * and phones again on the compact reading, for words typed a letter at a time), then the phrases that
 * only flag.
 */
import { compactReading } from './compact';
import { sourceSpan, type MappedText } from './mapped-text';
import { findEmails } from './email';
import { findHexNumbers } from './encoded';
import { findHandles } from './handles';
import { findChannelLinks, scanUrls } from './links';
import { findMessengerIds } from './messenger-ids';
import { findPhones } from './phone';
import { findRequests } from './requests';
import { findRomanNumbers } from './roman';
import { findPersonalSites } from './sites';
import { findSplitNumbers } from './split-number';
import type { Finding } from './types';
import { findUpi } from './upi';

export function detect(text: string): Finding[] {
  if (text === '') return [];
  const compact = compactReading(text);
  const urls = scanUrls(text);
  return [
    ...findChannelLinks(compact),
    ...findUpi(compact),
    ...findEmails(compact),
    ...findPersonalSites(compact),
    ...urls.findings,
    ...findHandles(urls.withoutUrls),
    ...findMessengerIds(urls.withoutUrls),
    ...findPhones(text, urls.hostsOnly),
    ...findRomanNumbers(urls.withoutUrls),
    ...findHexNumbers(urls.withoutUrls),
    ...findSplitNumbers(text, urls.hostsOnly),
    ...spelledOut(compact, text),
    ...findRequests(urls.withoutUrls),
  ];
}

/**
 * Handles and numbers typed a letter at a time ("i n s t a @rahul", "n i n e e i g h t …"): read again
 * on the compact reading, when it differs, and reported at their place in the text.
 */
function spelledOut(compact: MappedText, text: string): Finding[] {
  if (compact.text === text) return [];
  const urls = scanUrls(compact.text);
  return [...findHandles(urls.withoutUrls), ...findPhones(compact.text, urls.hostsOnly)].map((finding) => {
    const [start, end] = sourceSpan(compact, finding.start, finding.end);
    return { ...finding, start, end, text: text.slice(start, end) };
  });
}
