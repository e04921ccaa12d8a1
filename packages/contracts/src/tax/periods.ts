/**
 * Tax periods as the returns count them, in India's time (IST, UTC+05:30): a month (GSTR-8, GST), a
 * financial year from 1 April (invoice series, the TDS threshold) and its quarters (the TDS return).
 */

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

export const MONTH_PATTERN = /^(20\d\d)-(0[1-9]|1[0-2])$/;
/** '2026-27-Q3': the financial year 2026-27's third quarter (October to December 2026). */
export const QUARTER_PATTERN = /^(20\d\d)-(\d\d)-Q([1-4])$/;

/** The calendar parts of an instant in IST. */
function ist(at: Date): { year: number; month: number } {
  const d = new Date(at.getTime() + IST_OFFSET_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
}

/** '2026-27' for any instant from 1 April 2026 00:00 IST to 31 March 2027 23:59:59 IST. */
export function financialYearOf(at: Date): string {
  const { year, month } = ist(at);
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** '2026-11' */
export function monthOf(at: Date): string {
  const { year, month } = ist(at);
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** '2026-27-Q3' */
export function quarterOf(at: Date): string {
  const { month } = ist(at);
  return `${financialYearOf(at)}-Q${Math.floor(((month + 8) % 12) / 3) + 1}`;
}

/** The instants a period covers: [from, to). Null for a malformed one. */
export function periodRange(period: string): { from: Date; to: Date } | null {
  const istMidnight = (y: number, m: number) => new Date(Date.UTC(y, m - 1, 1) - IST_OFFSET_MS);
  const month = MONTH_PATTERN.exec(period);
  if (month) {
    const y = Number(month[1]);
    const m = Number(month[2]);
    return { from: istMidnight(y, m), to: m === 12 ? istMidnight(y + 1, 1) : istMidnight(y, m + 1) };
  }
  const quarter = QUARTER_PATTERN.exec(period);
  if (quarter) {
    const y = Number(quarter[1]);
    if ((y + 1) % 100 !== Number(quarter[2])) return null;
    const q = Number(quarter[3]);
    const startMonth = 4 + (q - 1) * 3; // 4, 7, 10, 13 (January of the next year)
    const from = startMonth > 12 ? istMidnight(y + 1, startMonth - 12) : istMidnight(y, startMonth);
    const endMonth = startMonth + 3;
    const to = endMonth > 12 ? istMidnight(y + 1, endMonth - 12) : istMidnight(y, endMonth);
    return { from, to };
  }
  return null;
}

/** The financial year's start instant (1 April, IST) for an instant within it. */
export function financialYearStart(at: Date): Date {
  const fy = financialYearOf(at);
  return new Date(Date.UTC(Number(fy.slice(0, 4)), 3, 1) - IST_OFFSET_MS);
}

const QUARTER_MONTHS = ['Apr–Jun', 'Jul–Sep', 'Oct–Dec', 'Jan–Mar'] as const;

/** '2026-27-Q2' → 'Jul–Sep 2026 (Q2 2026-27)'; Q4 falls in the next calendar year. */
export function quarterLabel(quarter: string): string {
  const q = Number(quarter.slice(-1));
  const year = Number(quarter.slice(0, 4)) + (q === 4 ? 1 : 0);
  return `${QUARTER_MONTHS[q - 1]} ${year} (Q${q} ${quarter.slice(0, 7)})`;
}

/** A quarter as a count of quarters since year 0, so stepping back crosses financial years plainly. */
const quarterIndex = (quarter: string) => Number(quarter.slice(0, 4)) * 4 + Number(quarter.slice(-1)) - 1;
const quarterAt = (index: number) => {
  const start = Math.floor(index / 4);
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}-Q${(index % 4) + 1}`;
};

/**
 * The last `count` quarters that have ended (India's time), newest first: a TDS return is for a quarter
 * that is over, and the server refuses the current one.
 */
export function endedQuarters(now = new Date(), count = 8): string[] {
  const current = quarterIndex(quarterOf(now));
  return Array.from({ length: count }, (_, i) => quarterAt(current - 1 - i));
}
