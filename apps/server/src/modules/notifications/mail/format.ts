/** Small text helpers for the notification mails: one-line fields, safe subjects, IST times, absolute links. */

/** Line breaks, tabs, other control characters and bidi overrides: none of them belong in a one-line field. */
// eslint-disable-next-line no-control-regex
const LINE_BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g;

/** A name, title or reason as one line: breaks and control characters become spaces, runs of spaces one. */
export function oneLine(text: string): string {
  return text.replace(LINE_BREAKING, ' ').replace(/\s+/g, ' ').trim();
}

/** A multi-line text (a note, an excerpt): line breaks kept (as \n), other control characters dropped. */
export function multiLine(text: string): string {
  return (
    text
      .replace(/\r\n?|[\u2028\u2029]/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

export const MAX_SUBJECT_LENGTH = 150;

/** A header-safe subject: one line (no CR/LF can reach the header), at most 150 characters. */
export function cleanSubject(subject: string): string {
  const line = oneLine(subject);
  const chars = Array.from(line);
  if (chars.length <= MAX_SUBJECT_LENGTH) return line;
  return `${chars
    .slice(0, MAX_SUBJECT_LENGTH - 1)
    .join('')
    .trimEnd()}…`;
}

/** At most `max` characters of a one-line field, for subjects (the body shows the whole text). */
export function clip(text: string, max: number): string {
  const chars = Array.from(oneLine(text));
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

const istFormat = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

/** '5 Mar 2026, 3:30 pm IST'; an unreadable time is shown as given. */
export function formatIst(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return oneLine(iso);
  return `${istFormat.format(date)} IST`;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]+/g;

/**
 * The absolute address of an app path. The path always lands on PUBLIC_URL: a link that is not a path (a
 * full URL, `//host`, `javascript:`) cannot send the reader elsewhere, it becomes a path under PUBLIC_URL.
 */
export function absoluteUrl(publicUrl: string, path: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  const clean = path.replace(CONTROL, '').trim().replace(/ /g, '%20');
  if (clean.startsWith('/') && !clean.startsWith('//')) return `${base}${clean}`;
  return `${base}/${clean.replace(/^\/+/, '')}`;
}

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** An invisible WORD JOINER: put inside a domain or a scheme, it keeps mail clients from making a link. */
export const NO_AUTOLINK = '\u2060';

/**
 * Someone's words as they may appear in the HTML part: mail clients turn bare addresses ("site.com/x",
 * "https://…") into links on their own, so an invisible joiner goes after each dot between letters, each
 * ':' before '/', and each '@'. The text reads the same; it just cannot be clicked. (The text part drops the
 * joiners again.)
 */
export function noAutoLink(text: string): string {
  return text.replace(/\.(?=[\p{L}\p{N}])|:(?=\/)|@(?=\S)/gu, `$&${NO_AUTOLINK}`);
}
