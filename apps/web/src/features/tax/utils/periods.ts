import { monthOf, quarterOf } from '@cutroom/contracts/tax/periods';

/**
 * The periods the exports offer, counted in India's time like the returns (the contracts' monthOf and
 * quarterOf), not the admin's own zone: an admin abroad still files India's months.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-11' → '2026-10'; January goes back to the previous year's December. */
export function previousMonth(now = new Date()): string {
  const [y, m] = monthOf(now).split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** '2026-11' → 'Nov 2026'. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-');
  return `${MONTHS[Number(m) - 1] ?? m} ${y}`;
}

/** A quarter as a count of quarters since year 0, so stepping back crosses financial years plainly. */
const quarterIndex = (quarter: string) => {
  const [fy, , q] = quarter.split('-');
  return Number(fy) * 4 + Number(q!.slice(1)) - 1;
};
const quarterAt = (index: number) => {
  const start = Math.floor(index / 4);
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}-Q${(index % 4) + 1}`;
};

/**
 * The `count` quarters that have ended, newest first. The current quarter is left out: the server refuses
 * it (409) until its last day has passed.
 */
export function endedQuarters(now = new Date(), count = 8): string[] {
  const current = quarterIndex(quarterOf(now));
  return Array.from({ length: count }, (_, i) => quarterAt(current - 1 - i));
}

/** '2026-27-Q2' → 'Jul–Sep 2026 (Q2 2026-27)'; Q4 falls in the next calendar year. */
export function quarterLabel(quarter: string): string {
  const fy = quarter.slice(0, 7);
  const q = Number(quarter.slice(-1));
  // Q1 starts in April (month index 3); Q4 starts in January of the following year.
  const first = (3 + (q - 1) * 3) % 12;
  const year = Number(fy.slice(0, 4)) + (q === 4 ? 1 : 0);
  return `${MONTHS[first]}–${MONTHS[first + 2]} ${year} (Q${q} ${fy})`;
}
