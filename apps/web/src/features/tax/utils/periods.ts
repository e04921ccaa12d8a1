import { monthOf } from '@cutroom/contracts/tax/periods';

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
