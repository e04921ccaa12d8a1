import { monthOf, quarterOf } from '@cutroom/contracts';

const QUARTER_MONTHS = ['Apr–Jun', 'Jul–Sep', 'Oct–Dec', 'Jan–Mar'] as const;

/** '2026-27-Q2' → 'Jul–Sep 2026 (Q2 2026-27)'; Q4 falls in the next calendar year. */
export function quarterLabel(quarter: string): string {
  const start = Number(quarter.slice(0, 4));
  const q = Number(quarter.slice(-1));
  const year = q === 4 ? start + 1 : start;
  return `${QUARTER_MONTHS[q - 1]} ${year} (Q${q} ${quarter.slice(0, 7)})`;
}

const fy = (start: number) => `${start}-${String((start + 1) % 100).padStart(2, '0')}`;

/**
 * The last `count` quarters that have ended (India's time), newest first: the TDS return is filed for a
 * quarter once it is over, and the server refuses the current one.
 */
export function endedQuarters(now = new Date(), count = 8): string[] {
  const current = quarterOf(now);
  let start = Number(current.slice(0, 4));
  let q = Number(current.slice(-1));
  const out: string[] = [];
  while (out.length < count) {
    q -= 1;
    if (q === 0) {
      q = 4;
      start -= 1;
    }
    out.push(`${fy(start)}-Q${q}`);
  }
  return out;
}

/** This month in India's time, as YYYY-MM: the statement's default. */
export const currentMonth = (now = new Date()) => monthOf(now);
