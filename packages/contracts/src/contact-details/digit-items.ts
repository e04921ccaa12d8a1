/**
 * The first half of reading a phone number: a normalised text as a sequence of digit items and the gaps
 * between them. Numerals are items; so are number words ("nine", "नौ", "ninety eight"), "double nine",
 * letters O and l glued to a number, and weak words (homophones: "to", "oh", "do") next to digits spelled
 * one at a time. Everything else is a gap; a gap is hard (ends any number) when it holds a real word, a
 * cut-out or an unused "double".
 */
import { MULTIPLIERS, numberWord } from './number-words';
import { BREAK } from './number-shapes';

/** A weak word (homophone) counts as a digit within this many items of a digit spelled on its own. */
const WEAK_REACH = 2;
/** … or anywhere in a stretch of number words and digits holding at least this many spelled digits. */
const WEAK_STRETCH = 3;

export interface Item {
  type: 'item';
  digits: string;
  start: number;
  end: number;
  /** Came from a word ("nine", "double nine", "नौ"). */
  word: boolean;
  weak: boolean;
  /** One digit at a time: a lone numeral, a digit word, a double/triple. */
  spelled: boolean;
  tens: boolean;
}
export interface Gap {
  type: 'gap';
  text: string;
  /** Ends any run: a word, a cut-out, a currency sign. */
  hard: boolean;
}
interface Times {
  type: 'times';
  count: number;
  start: number;
  end: number;
}
export type Piece = Item | Gap | Times;

const TOKEN = /\d+|[\p{L}\p{M}]+|[^\d\p{L}\p{M}]/gu;
/** Separators spelled out ("98765 dot 43210"): read as the symbol, which joins like a space. */
const SEPARATOR_WORDS = new Set(['dot', 'dash', 'hyphen', 'space', 'slash', 'point', 'plus', 'star', 'hash']);
/** One of these between two numbers may split a phone number ("98765 and 43210"). */
const CONNECTIVES = new Set(['and', 'then', 'aur', 'phir', 'fir', 'next']);
/** Stands in a gap for a connective word. Not a character a normalised message can carry. */
export const CONNECTIVE = '\u0002';
/** Letters typed for digits when glued to a number ("987654321O", "98765432l0"). */
const GLUED_DIGIT_LETTERS: Record<string, string> = { o: '0', l: '1' };

/** What may stand between the digits of one number as typed: spaces, dots, dashes, brackets, slashes. */
export const TIGHT_GAP = /^[ .\-‐‑‒–—―−()[\]{}/\\+_*#~|'"`]*$/u;

/** The text as digit items and gaps, weak words already accepted or turned back into words. */
export function readDigitItems(text: string): Piece[] {
  return acceptWeakWords(joinTens(applyMultipliers(tokenise(text))));
}

function tokenise(text: string): Piece[] {
  const pieces: Piece[] = [];
  const gap = (chars: string, hard: boolean): void => {
    const last = pieces[pieces.length - 1];
    if (last?.type === 'gap') {
      last.text += chars;
      last.hard ||= hard;
    } else pieces.push({ type: 'gap', text: chars, hard });
  };
  for (const match of text.matchAll(TOKEN)) {
    const token = match[0];
    const start = match.index;
    const end = start + token.length;
    if (/^\d/u.test(token)) {
      const spelled = token.length === 1;
      pieces.push({
        type: 'item',
        digits: token,
        start,
        end,
        word: false,
        weak: false,
        spelled,
        tens: false,
      });
      continue;
    }
    if (token === BREAK) {
      gap(token, true);
      continue;
    }
    if (!/^[\p{L}\p{M}]/u.test(token)) {
      gap(token, false);
      continue;
    }
    if (SEPARATOR_WORDS.has(token)) {
      gap(' ', false);
      continue;
    }
    if (CONNECTIVES.has(token)) {
      gap(CONNECTIVE, false);
      continue;
    }
    const glued = gluedDigits(text, token, start, end);
    if (glued !== null) {
      pieces.push({
        type: 'item',
        digits: glued,
        start,
        end,
        word: true,
        weak: false,
        spelled: false,
        tens: false,
      });
      continue;
    }
    const times = MULTIPLIERS[token];
    if (times !== undefined) {
      pieces.push({ type: 'times', count: times, start, end });
      continue;
    }
    const number = numberWord(token);
    if (number) {
      const { digits, weak, spelled } = number;
      pieces.push({
        type: 'item',
        digits,
        start,
        end,
        word: true,
        weak,
        spelled,
        tens: number.tens === true,
      });
      continue;
    }
    // A single letter may sit between digits ("9a8b7c"); a real word ends a number.
    gap(token, token.length > 1);
  }
  return pieces;
}

/** "987654321O": letters O and l touching a number of two or more digits are read as 0 and 1. */
function gluedDigits(text: string, token: string, start: number, end: number): string | null {
  if (token.length > 4 || !/^[ol]+$/u.test(token)) return null;
  const touches =
    /\d\d$/u.test(text.slice(Math.max(0, start - 2), start)) || /^\d\d/u.test(text.slice(end, end + 2));
  return touches ? Array.from(token, (letter) => GLUED_DIGIT_LETTERS[letter]!).join('') : null;
}

/** "double nine" → 99, "triple 5" → 555; a "double" before anything else is an ordinary word. */
function applyMultipliers(pieces: Piece[]): Piece[] {
  const out: Piece[] = [];
  for (let i = 0; i < pieces.length; i += 1) {
    const piece = pieces[i]!;
    if (piece.type !== 'times') {
      out.push(piece);
      continue;
    }
    const between = pieces[i + 1];
    const target = between?.type === 'gap' && TIGHT_GAP.test(between.text) ? pieces[i + 2] : undefined;
    if (target?.type === 'item' && target.spelled && target.digits.length === 1) {
      out.push({
        ...target,
        digits: target.digits.repeat(piece.count),
        start: piece.start,
        word: true,
        weak: false,
      });
      i += 2;
    } else out.push({ type: 'gap', text: 'x', hard: true });
  }
  return out;
}

/** "ninety eight" → 98. */
function joinTens(pieces: Piece[]): Piece[] {
  const out: Piece[] = [];
  for (let i = 0; i < pieces.length; i += 1) {
    const piece = pieces[i]!;
    const between = pieces[i + 1];
    const unit = pieces[i + 2];
    if (
      piece.type === 'item' &&
      piece.tens &&
      between?.type === 'gap' &&
      /^[ -]$/u.test(between.text) &&
      unit?.type === 'item' &&
      unit.word &&
      !unit.weak &&
      /^[1-9]$/u.test(unit.digits)
    ) {
      out.push({ ...piece, digits: piece.digits.slice(0, 1) + unit.digits, end: unit.end, tens: false });
      i += 2;
    } else out.push(piece);
  }
  return out;
}

/**
 * Keeps a weak word ("to", "oh", "do") as a digit only when a digit spelled on its own stands within
 * WEAK_REACH items, or the stretch it is in (up to the nearest word that is not a number) spells several
 * digits; otherwise it is a word again.
 */
function acceptWeakWords(pieces: Piece[]): Piece[] {
  const distance = new Map<Piece, number>();
  const sweep = (order: Piece[]): void => {
    let since = Infinity;
    for (const piece of order) {
      if (piece.type === 'gap') {
        if (piece.hard) since = Infinity;
        continue;
      }
      if (piece.type !== 'item') continue;
      if (!piece.weak && piece.spelled) since = 0;
      else {
        since += 1;
        distance.set(piece, Math.min(distance.get(piece) ?? Infinity, since));
      }
    }
  };
  sweep(pieces);
  sweep([...pieces].reverse());
  // In a stretch with several spelled digits ("… three to won oh"), every weak word is a digit.
  const spelledAround = new Map<Piece, number>();
  let stretch: Piece[] = [];
  let spelled = 0;
  const endStretch = (): void => {
    for (const piece of stretch) spelledAround.set(piece, spelled);
    stretch = [];
    spelled = 0;
  };
  for (const piece of pieces) {
    if (piece.type === 'gap' && piece.hard) endStretch();
    if (piece.type !== 'item') continue;
    stretch.push(piece);
    if (!piece.weak && piece.spelled) spelled += 1;
  }
  endStretch();
  const accepted = (piece: Piece): boolean =>
    (distance.get(piece) ?? Infinity) <= WEAK_REACH || (spelledAround.get(piece) ?? 0) >= WEAK_STRETCH;
  return pieces.map((piece) => {
    if (piece.type !== 'item' || !piece.weak || accepted(piece)) return piece;
    // A rejected single letter ("o") is still a letter between digits; a rejected word ends a number.
    const letters = piece.digits.length === 1 && piece.end - piece.start === 1;
    return { type: 'gap', text: 'o', hard: !letters };
  });
}
