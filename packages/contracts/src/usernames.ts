/**
 * The one rule for usernames (editors and admins), shared by the server and the admin pages.
 *
 * - canonicalUsername: the form an account is stored under (users.username_canonical, unique) and
 *   looked up by, and the key of its login counters. NFKC, then a locale-independent lower-case
 *   (String#toLowerCase, Unicode's default case mapping), then NFKC again. Never SQL lower(): its
 *   answer depends on the database's locale, and 'İ' (U+0130) matched 'i' there but not here.
 * - usernameProblem: why a new name (register-editor, rename) is refused, or null. A conservative
 *   set: letters and digits of one script, and single spaces, dots, dashes and underscores between
 *   them; no invisible, format, control or text-direction characters; no full-width or stylised forms.
 * - usernameSkeleton: what a name looks like, so 'rn' reads as 'm' and 'аdmin' (Cyrillic а) as
 *   'admin'. Two names with the same skeleton are too similar to coexist. A documented minimal mapping
 *   (no dependency): NFKC (full-width and stylised forms), lower-case, accents dropped, the Cyrillic
 *   and Greek letters that look like Latin ones, 0/1 and 'rn'/'vv', and separators ignored.
 */

export const USERNAME_MESSAGES = {
  invisible: 'Username cannot contain invisible, control or text-direction characters',
  stylised: 'Username cannot contain full-width or stylised characters; please type it plainly',
  characters: 'Username can only contain letters, digits, spaces, dots, dashes and underscores',
  edges: 'Username must start and end with a letter or digit',
  separators: 'Username cannot contain two spaces, dots, dashes or underscores in a row',
  mixedScripts: 'Username cannot mix letters from different alphabets',
  unsupportedScript: 'Username uses an alphabet that is not supported',
  tooSimilar: 'This username looks too similar to an existing username; please choose another',
} as const;

/** The account key: one way, everywhere (storage, lookup, login counters). */
export function canonicalUsername(name: string): string {
  return name.normalize('NFKC').toLowerCase().normalize('NFKC');
}

// Cf (format: zero-width, bidi overrides and isolates, BOM), Cc (control), Zl/Zp, and the
// default-ignorable code points that are not Cf (variation selectors, Hangul fillers, combining
// grapheme joiner).
const INVISIBLE =
  /[\p{Cf}\p{Cc}\p{Zl}\p{Zp}]|[\ufe00-\ufe0f]|[\u{e0100}-\u{e01ef}]|\u034f|\u115f|\u1160|\u3164|\uffa0/u;
const ALLOWED = /^[\p{L}\p{M}\p{Nd} ._-]+$/u;
const SEPARATOR = /[ ._-]/;

/** Scripts a name may be written in; Japanese may mix Han, Hiragana and Katakana. */
const SCRIPTS: [string, RegExp][] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Devanagari', /\p{Script=Devanagari}/u],
  ['Bengali', /\p{Script=Bengali}/u],
  ['Gurmukhi', /\p{Script=Gurmukhi}/u],
  ['Gujarati', /\p{Script=Gujarati}/u],
  ['Oriya', /\p{Script=Oriya}/u],
  ['Tamil', /\p{Script=Tamil}/u],
  ['Telugu', /\p{Script=Telugu}/u],
  ['Kannada', /\p{Script=Kannada}/u],
  ['Malayalam', /\p{Script=Malayalam}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Hangul', /\p{Script=Hangul}/u],
  ['Japanese', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]/u],
];
const ASCII_DIGIT = /[0-9]/;

function scriptOf(ch: string): string | null {
  for (const [name, re] of SCRIPTS) if (re.test(ch)) return name;
  return null;
}

/**
 * Why this (trimmed) name cannot be given to an account, or null when it can. Checks the characters
 * only; a name too similar to an existing one is found with usernameSkeleton.
 */
export function usernameProblem(name: string): string | null {
  if (INVISIBLE.test(name)) return USERNAME_MESSAGES.invisible;
  const composed = name.normalize('NFC');
  if (composed.normalize('NFKC') !== composed) return USERNAME_MESSAGES.stylised;
  if (!ALLOWED.test(composed)) return USERNAME_MESSAGES.characters;
  const chars = [...composed];
  const isSep = (c: string | undefined) => c !== undefined && SEPARATOR.test(c);
  if (isSep(chars[0]) || isSep(chars[chars.length - 1]) || /^\p{M}/u.test(composed)) {
    return USERNAME_MESSAGES.edges;
  }
  if (/[ ._-]{2}/.test(composed)) return USERNAME_MESSAGES.separators;
  let script: string | null = null;
  for (const ch of chars) {
    if (isSep(ch) || ASCII_DIGIT.test(ch)) continue;
    // Combining marks take their base letter's script (Script=Inherited) unless they name their own.
    if (/\p{M}/u.test(ch) && /\p{Script=Inherited}/u.test(ch)) continue;
    const own = scriptOf(ch);
    if (!own) return USERNAME_MESSAGES.unsupportedScript;
    if (script && own !== script) return USERNAME_MESSAGES.mixedScripts;
    script = own;
  }
  return null;
}

/** Cyrillic and Greek letters (lower-case, after NFKC) drawn like a Latin letter. */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  с: 'c',
  ԁ: 'd',
  е: 'e',
  ё: 'e',
  һ: 'h',
  і: 'i',
  ї: 'i',
  ј: 'j',
  к: 'k',
  ӏ: 'l',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  ԛ: 'q',
  г: 'r',
  ѕ: 's',
  т: 't',
  у: 'y',
  ѵ: 'v',
  ԝ: 'w',
  х: 'x',
  ү: 'y',
  з: '3',
  ь: 'b',
  п: 'n',
  и: 'u',
  л: 'n',
  ц: 'u',
  ш: 'w',
  щ: 'w',
  // Greek
  α: 'a',
  β: 'b',
  γ: 'y',
  δ: 'd',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  σ: 'o',
  ς: 'c',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  μ: 'u',
  // Latin letters and digits easily read as others
  ı: 'i',
  ȷ: 'j',
  ɡ: 'g',
  ɑ: 'a',
  '0': 'o',
  '1': 'l',
  '5': 's',
  '|': 'l',
};

/** What the name looks like: equal skeletons mean one name can pass for the other. */
export function usernameSkeleton(name: string): string {
  const base = name
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[ ._-]+/g, '');
  let out = '';
  for (const ch of base) out += LOOK_ALIKES[ch] ?? ch;
  return out.replace(/rn/g, 'm').replace(/vv/g, 'w').replace(/i/g, 'l');
}
