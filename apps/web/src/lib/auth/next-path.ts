import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { Role } from '@cutroom/contracts';

/** The query parameter a login page reads to know where the visitor was going. */
export const NEXT_PARAM = 'next';
/** Far longer than any route of the app with its query; a longer value is not one of ours. */
export const NEXT_MAX_LENGTH = 512;

// Sign-in screens as a destination would only bounce the user (signed in, they are sent on anyway).
const SIGN_IN_PAGES = new Set([
  '/login',
  '/editor-login',
  '/admin-login',
  '/register',
  '/verify-otp',
  '/forgot-password',
]);

// A base no real page can have, so the URL parser tells whether the value would leave it.
const PROBE_ORIGIN = 'https://next.invalid';

// What location.pathname + search look like: percent-encoded printable ASCII, no spaces, no backslash
// (browsers read '\' as '/', which would turn '/\evil.com' into another host).
const PLAIN = /^[\x21-\x5b\x5d-\x7e]+$/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
const CONTROL = /[\x00-\x1f\x7f]/;
const NETWORK_PATH = /^\/[/\\]/;

/**
 * `raw` when it is a path of this site that is safe to send the user to after a login, normalised
 * (pathname + search + hash, dot segments resolved); null otherwise, and the caller falls back to its
 * default. Only a same-origin relative path passes: one leading '/', never '//' or '/\' (another host),
 * no scheme, no control characters or backslashes even once decoded, and at most NEXT_MAX_LENGTH
 * characters. The checks apply to the path as the browser would resolve it ('/.//evil.com' and
 * '/%2e//evil.com' become '//evil.com'), and to it decoded once more ('/.%2F/evil.com').
 */
export function safeNextPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > NEXT_MAX_LENGTH) return null;
  if (!PLAIN.test(raw) || !raw.startsWith('/') || NETWORK_PATH.test(raw)) return null;
  // Decoded once more, the value must still be harmless: it may be decoded again on its way.
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (CONTROL.test(decoded) || decoded.includes('\\') || NETWORK_PATH.test(decoded)) return null;
  const url = normalised(raw);
  if (!url || !normalised(decoded) || SIGN_IN_PAGES.has(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `path` resolved the way a browser would (dot segments, '%2e'), when it stays a path of this site. */
function normalised(path: string): URL | null {
  let url: URL;
  try {
    url = new URL(path, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN || !url.pathname.startsWith('/') || NETWORK_PATH.test(url.pathname)) {
    return null;
  }
  return url;
}

/** The sign-in page for a protected page: the creators' one when creators may use it. */
export function loginPageFor(roles: readonly Role[]): '/login' | '/editor-login' | '/admin-login' {
  if (roles.includes('creator')) return '/login';
  if (roles.includes('editor')) return '/editor-login';
  return '/admin-login';
}

/** `page` (a sign-in screen) carrying where to go afterwards, when that is a safe place. */
export function withNext(page: string, next: string | null | undefined): string {
  const safe = safeNextPath(next);
  if (!safe) return page;
  const joiner = page.includes('?') ? '&' : '?';
  return `${page}${joiner}${NEXT_PARAM}=${encodeURIComponent(safe)}`;
}

/** The safe `next` of the current address, or null. */
export function useNextPath(): string | null {
  const [params] = useSearchParams();
  const raw = params.get(NEXT_PARAM);
  return useMemo(() => safeNextPath(raw), [raw]);
}
