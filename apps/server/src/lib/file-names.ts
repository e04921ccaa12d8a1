import { INVISIBLE_CHARACTERS } from '@cutroom/contracts';

// Controls and line separators; format characters (bidi overrides, zero-width) are INVISIBLE_CHARACTERS.
const CONTROLS = /[\p{Cc}\u2028\u2029]/gu;
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The name a person sees for a file someone sent: the last path segment of what the browser gave,
 * well-formed (NFC, no half characters), without controls or invisible characters (a right-to-left
 * override makes `cod.exe` read as `exe.doc`), at most `max` characters; `fallback` when nothing is left.
 * Only ever displayed: stored keys and download names are ours.
 */
export function displayFileName(raw: string, fallback: string, max: number): string {
  const base = (raw.split(/[\\/]/).pop() ?? '')
    .replace(LONE_SURROGATES, '\uFFFD')
    .normalize('NFC')
    .replace(CONTROLS, '')
    .replace(INVISIBLE_CHARACTERS, '');
  const name = [...base.trim()].slice(0, max).join('').trim();
  return name || fallback;
}

/** A name safe inside `Content-Disposition` for every browser: ASCII `filename`, UTF-8 `filename*`. */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7E]/g, '_').replace(/["\\%;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
