/**
 * Amounts as Indian tax paper prints them (issue 27): '₹1,23,456.00' and 'Rupees One Lakh … Only'. Works
 * on integer paise throughout, without passing through a rupee float, so large invoice totals print
 * exactly.
 */

const PAISE_PER_RUPEE = 100;
/** 99,99,99,99,999 rupees: beyond it the crore count would need words in crores of crores. */
const MAX_RUPEES_IN_WORDS = 99_999_999_999;

function wholePaise(paise: number): void {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Not a whole, safe number of paise: ${paise}`);
}

/** 1234567 → '12,34,567': the last three digits, then pairs. */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  const pairs = head.replace(/\B(?=(\d{2})+$)/g, ',');
  return `${pairs},${digits.slice(-3)}`;
}

/** 12345600 → '₹1,23,456.00'; -100000 → '-₹1,000.00'. Always two decimals. */
export function formatIndianPaise(paise: number): string {
  wholePaise(paise);
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / PAISE_PER_RUPEE);
  const rest = abs % PAISE_PER_RUPEE;
  const sign = paise < 0 ? '-' : '';
  return `${sign}₹${groupIndian(String(rupees))}.${String(rest).padStart(2, '0')}`;
}

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
] as const;
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'] as const;

/** 1–99: 'Fifty-Six'. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const unit = n % 10;
  return unit === 0 ? TENS[Math.floor(n / 10)]! : `${TENS[Math.floor(n / 10)]!}-${ONES[unit]!}`;
}

// Indian scales, largest first; the crore count itself may exceed 99 and is then said in thousands.
const SCALES: readonly [number, string][] = [
  [10_000_000, 'Crore'],
  [100_000, 'Lakh'],
  [1_000, 'Thousand'],
  [100, 'Hundred'],
];

/** A positive whole number in the Indian system, without 'and': 'One Lakh Twenty-Three Thousand …'. */
function indianWords(n: number): string {
  const parts: string[] = [];
  let rest = n;
  for (const [size, name] of SCALES) {
    const count = Math.floor(rest / size);
    if (count > 0) parts.push(`${indianWords(count)} ${name}`);
    rest %= size;
  }
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/**
 * 12345650 → 'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only'.
 * Up to 99,99,99,99,999 rupees; a negative amount throws, as paper states a credit's size in words
 * and its direction elsewhere.
 */
export function amountInWords(paise: number): string {
  wholePaise(paise);
  if (paise < 0) throw new RangeError(`An amount in words cannot be negative: ${paise}`);
  const rupees = Math.floor(paise / PAISE_PER_RUPEE);
  if (rupees > MAX_RUPEES_IN_WORDS) throw new RangeError(`Too large to say in words: ${paise} paise`);
  const rest = paise % PAISE_PER_RUPEE;
  const rupeeWords = rupees === 0 ? 'Zero' : indianWords(rupees);
  const paiseWords = rest === 0 ? '' : ` and ${belowHundred(rest)} Paise`;
  return `Rupees ${rupeeWords}${paiseWords} Only`;
}
