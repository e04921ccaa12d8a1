/**
 * The reading used for addresses and links: the spelled-out and bracketed forms of "@", "." and "/"
 * become the symbols, and words typed one letter at a time are put back together, so that
 * "r a h u l (at) g m a i l [dot] c o m" reads "rahul @ gmail . com" and "t dot me slash x" reads
 * "t . me / x". The e-mail and link patterns then allow an optional space around each symbol.
 *
 * A replaced "@" or "." keeps a space on both sides: an e-mail pattern treats "name @ domain" (spaces on
 * both sides) as an address but "tag @brand.in" (space only before) as a mention.
 */
import { rewrite, type MappedText } from './mapped-text';

const LETTER_OR_DIGIT = String.raw`[\p{L}\p{N}]`;
const WORD_START = String.raw`(?<![\p{L}\p{N}])`;
const WORD_END = String.raw`(?![\p{L}\p{N}])`;

const SPELLED = new RegExp(
  [
    // "g m a i l": three or more single letters or digits, one space apart.
    String.raw`${WORD_START}${LETTER_OR_DIGIT}(?: ${LETTER_OR_DIGIT}${WORD_END}){2,}`,
    // "(at)", "[@]", "(a)", "{at}", "<at>"
    String.raw` ?[(\[{<] ?(?:at|@|a) ?[)\]}>] ?`,
    // "at the rate", "at the rate of", "at d rate", "atrate"
    String.raw` ?${WORD_START}at ?(?:the |d |da )?rate(?: of)?${WORD_END} ?`,
    // "(dot)", "[.]", "{dot}", "(.)"
    String.raw` ?[(\[{<] ?(?:dot|\.) ?[)\]}>] ?`,
    String.raw` ?${WORD_START}(?:dot|slash|underscore)${WORD_END} ?`,
  ].join('|'),
  'gu',
);

const SYMBOL: Record<string, string> = { dot: ' . ', slash: ' / ', underscore: '_' };

export function compactReading(text: string): MappedText {
  return rewrite(text, SPELLED, (match) => {
    const bare = match.trim();
    if (/^[([{<]/u.test(bare)) return /at|@|a/u.test(bare) ? ' @ ' : ' . ';
    if (bare.startsWith('at')) return ' @ ';
    const symbol = SYMBOL[bare];
    if (symbol !== undefined) return symbol;
    // A word typed letter by letter: keep a space that stood before or after it.
    return bare.replaceAll(' ', '');
  });
}
