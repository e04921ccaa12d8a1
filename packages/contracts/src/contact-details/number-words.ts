/**
 * Digits written as words, in English, Hindi (romanised and Devanagari), German, Spanish, French, Italian
 * and Portuguese, as the phone detector reads them. Words are looked up whole in a map (no large alternation to scan with).
 *
 * Strict words are unambiguous ("seven", "saat", "सात"). Weak words are homophones and short words that
 * are ordinary words too ("to", "for", "oh", "do", "no", "sat"): a weak word counts as a digit only next
 * to digits spelled one at a time, so "I will send it to you for review" stays a sentence while
 * "nine ate seven to …" is a number.
 */

export interface NumberWord {
  digits: string;
  /** A homophone or ordinary word: counts only next to digits spelled one at a time. */
  weak: boolean;
  /** One digit per word ("nine"), as opposed to a two-digit word ("ninety", "eleven"). */
  spelled: boolean;
  /** Twenty, thirty … ninety: may take a following unit ("ninety eight" is 98). */
  tens?: boolean;
}

const STRICT: Record<string, string> = {
  zero: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  // Hindi, romanised
  shunya: '0',
  shoonya: '0',
  sunya: '0',
  shunye: '0',
  ek: '1',
  char: '4',
  chaar: '4',
  paanch: '5',
  panch: '5',
  chhah: '6',
  chheh: '6',
  saat: '7',
  aath: '8',
  nau: '9',
  // Hindi, Devanagari
  शून्य: '0',
  शुन्य: '0',
  एक: '1',
  तीन: '3',
  चार: '4',
  पाँच: '5',
  पांच: '5',
  पाच: '5',
  छह: '6',
  छः: '6',
  छे: '6',
  सात: '7',
  आठ: '8',
  नौ: '9',
  // German ("zwo" is how German speakers say two on the phone)
  eins: '1',
  zwei: '2',
  zwo: '2',
  drei: '3',
  vier: '4',
  fünf: '5',
  funf: '5',
  fuenf: '5',
  sechs: '6',
  sieben: '7',
  acht: '8',
  neun: '9',
  // Spanish
  cero: '0',
  uno: '1',
  tres: '3',
  cuatro: '4',
  cinco: '5',
  seis: '6',
  siete: '7',
  ocho: '8',
  nueve: '9',
  // Italian and Portuguese (the ones that are not English words)
  cinque: '5',
  quattro: '4',
  sette: '7',
  otto: '8',
  oito: '8',
  dois: '2',
  quatro: '4',
  três: '3',
  // French
  zéro: '0',
  deux: '2',
  trois: '3',
  quatre: '4',
  cinq: '5',
  sept: '7',
  huit: '8',
  neuf: '9',
};

const WEAK: Record<string, string> = {
  oh: '0',
  o: '0',
  won: '1',
  to: '2',
  too: '2',
  for: '4',
  fore: '4',
  ate: '8',
  // Hindi homophones of English words, or ordinary Hindi/Gujarati words ("do" = give, "che" = is).
  do: '2',
  दो: '2',
  teen: '3',
  tin: '3',
  che: '6',
  chhe: '6',
  sat: '7',
  ath: '8',
  no: '9',
  नो: '9',
  // German "null", Spanish "dos", Italian "due", "tre", "sei", "nove", Portuguese "um", "sete" are words
  // in English (or German) chat too.
  null: '0',
  dos: '2',
  due: '2',
  tre: '3',
  sei: '6',
  nove: '9',
  um: '1',
  sete: '7',
};

const TWO_DIGIT: Record<string, string> = {
  ten: '10',
  eleven: '11',
  twelve: '12',
  thirteen: '13',
  fourteen: '14',
  fifteen: '15',
  sixteen: '16',
  seventeen: '17',
  eighteen: '18',
  nineteen: '19',
  zehn: '10',
  diez: '10',
  dix: '10',
};

const TENS: Record<string, string> = {
  twenty: '2',
  thirty: '3',
  forty: '4',
  fourty: '4',
  fifty: '5',
  sixty: '6',
  seventy: '7',
  eighty: '8',
  ninety: '9',
};

/** "double nine" is 99, "triple five" 555. */
export const MULTIPLIERS: Record<string, number> = { double: 2, triple: 3, डबल: 2, ट्रिपल: 3 };

const WORDS = new Map<string, NumberWord>();
for (const [word, digits] of Object.entries(STRICT)) WORDS.set(word, { digits, weak: false, spelled: true });
for (const [word, digits] of Object.entries(WEAK)) WORDS.set(word, { digits, weak: true, spelled: true });
for (const [word, digits] of Object.entries(TWO_DIGIT))
  WORDS.set(word, { digits, weak: false, spelled: false });
for (const [word, digit] of Object.entries(TENS)) {
  WORDS.set(word, { digits: `${digit}0`, weak: false, spelled: false, tens: true });
}

/** Words that may be glued together without spaces ("nineeightseven"): the unambiguous Latin ones. */
const GLUE_PARTS = [...Object.keys(STRICT), ...Object.keys(TWO_DIGIT), ...Object.keys(TENS)].filter((w) =>
  /^[a-z]+$/u.test(w),
);
const LONGEST_PART = Math.max(...GLUE_PARTS.map((w) => w.length));
const GLUE_SET = new Set(GLUE_PARTS);
/** Longer glued words are not worth splitting (and bound the work). */
const MAX_GLUED_LENGTH = 120;

/** The number a single word stands for, or null. */
export function numberWord(word: string): NumberWord | null {
  const known = WORDS.get(word);
  if (known) return known;
  const glued = splitGlued(word);
  return glued === null ? null : { digits: glued, weak: false, spelled: true };
}

/**
 * Splits a word made only of strict number words ("ninenineeight" → "998"), or returns null. Dynamic
 * programming over the word's positions: linear in its length times the longest part.
 */
function splitGlued(word: string): string | null {
  if (word.length < 6 || word.length > MAX_GLUED_LENGTH || !/^[a-z]+$/u.test(word)) return null;
  // best[i]: the digits for word.slice(0, i), or undefined when that prefix does not split.
  const best: (string | undefined)[] = [''];
  const parts: number[] = [0];
  for (let end = 1; end <= word.length; end += 1) {
    for (let start = Math.max(0, end - LONGEST_PART); start < end; start += 1) {
      const before = best[start];
      const part = word.slice(start, end);
      if (before === undefined || !GLUE_SET.has(part)) continue;
      const entry = WORDS.get(part)!;
      best[end] = before + (entry.tens ? entry.digits.slice(0, 1) : entry.digits);
      parts[end] = (parts[start] ?? 0) + 1;
      break;
    }
  }
  const digits = best[word.length];
  return digits !== undefined && (parts[word.length] ?? 0) >= 2 ? digits : null;
}
