import { Fragment } from 'react';

export type TextPart = { type: 'text'; text: string } | { type: 'link'; text: string; href: string };

const URL_IN_TEXT = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than the link ("see https://x.com/a."). */
const TRAILING = /[.,!?;:'"]+$/;

/** Only web links become links; anything else (javascript:, data:, …) stays plain text. */
function safeHref(raw: string): string | null {
  const candidate = /^www\./i.test(raw) ? `https://${raw}` : raw;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Splits a message into plain text and web links. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    let raw = match[0].replace(TRAILING, '');
    // A closing bracket belongs to the link only when the link opened one ("…/Film_(2019)").
    while (raw.endsWith(')') && (raw.match(/\(/g)?.length ?? 0) < (raw.match(/\)/g)?.length ?? 0)) {
      raw = raw.slice(0, -1);
    }
    const start = match.index;
    const href = safeHref(raw);
    if (!href) continue;
    if (start > last) parts.push({ type: 'text', text: text.slice(last, start) });
    parts.push({ type: 'link', text: raw, href });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ type: 'text', text: text.slice(last) });
  return parts;
}

/**
 * A message's text with its links clickable. React renders every part as text, so nothing in a message
 * is ever interpreted as HTML; links open in a new tab without giving that page a handle on ours.
 */
export function Linkified({ text, linkClassName }: { text: string; linkClassName?: string }) {
  return (
    <>
      {splitLinks(text).map((part, i) =>
        part.type === 'link' ? (
          <a
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className={linkClassName ?? 'font-medium underline underline-offset-2 break-all'}
          >
            {part.text}
          </a>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
