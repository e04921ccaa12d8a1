/**
 * Money, in one place (DESIGN.md §4): the server stores integer paise, the API speaks rupees (a number
 * with at most two decimals), a page shows '₹1,499'. Every conversion between the two, every rupee
 * display and every percentage of an amount goes through here, so rounding is decided once. The lint
 * rule in eslint/money-rule.js refuses inline `* 100` and `/ 100` everywhere else.
 */

/** An integer number of paise (₹1 = 100 paise). Negative for ledger debits and adjustments. */
export type Paise = number & { readonly __brand: 'Paise' };

const PAISE_PER_RUPEE = 100;

/** Paise from a number that must already be a whole, safe number of paise; throws otherwise. */
export function paise(n: number): Paise {
  if (!Number.isSafeInteger(n)) throw new RangeError(`Not a whole, safe number of paise: ${n}`);
  return n as Paise;
}

/**
 * Paise from a rupee amount, rounded to the nearest paisa (Math.round: halves go up, so 1.005 rupees,
 * stored as 1.00499…, is 100 paise). Throws when the result is not a safe integer (NaN, ±Infinity, or
 * beyond 2^53 paise).
 */
export function paiseFromRupees(rupees: number): Paise {
  return paise(Math.round(rupees * PAISE_PER_RUPEE));
}

/** The API's rupee number for an amount in paise: 149950 → 1499.5. */
export function rupeesFromPaise(p: number): number {
  return p / PAISE_PER_RUPEE;
}

/** True when a rupee amount is a whole number of paise (at most two decimals), allowing float noise. */
export function hasWholePaise(rupees: number): boolean {
  return Math.abs(Math.round(rupees * PAISE_PER_RUPEE) - rupees * PAISE_PER_RUPEE) < 1e-6;
}

/**
 * `percent` per cent of `amount`, rounded to the nearest unit of the amount (paise for paise), as the
 * payouts commission is: percentOf(149900, 20) → 29980; percentOf(999, 12.5) → 125.
 */
export function percentOf(amount: number, percent: number): number {
  return Math.round((amount * percent) / 100);
}

/** A fraction (0.734) as whole per cent (73), for progress bars and shares; not for money. */
export function wholePercent(fraction: number): number {
  return Math.round(fraction * 100);
}

const wholeRupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const paiseExact = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '₹1,499'; lakhs grouped the Indian way ('₹1,50,000'); paise always as two digits ('₹13,344.50'). */
export function formatRupees(amount: number): string {
  const whole = Math.round(amount * PAISE_PER_RUPEE) % PAISE_PER_RUPEE === 0;
  return `₹${(whole ? wholeRupees : paiseExact).format(amount)}`;
}

/** An amount in paise as a page shows it: 149900 → '₹1,499', 1334450 → '₹13,344.50'. */
export function formatPaise(p: number): string {
  return formatRupees(rupeesFromPaise(p));
}

// ---------------------------------------------------------------------------------------------------------
// Order references: an order of ours reads `CR-` and its number (CR-10482), on every page, mail and tag.

const ORDER_REFERENCE_PREFIX = 'CR-';

export const orderReference = (n: number) => `${ORDER_REFERENCE_PREFIX}${n}`;

/** The number of a reference typed by a person ('cr-10482 ' → 10482), or null when it is not one. */
export function parseOrderReference(text: string): number | null {
  const m = /^CR-(\d{1,12})$/i.exec(text.trim());
  return m ? Number(m[1]) : null;
}
