import type { TaxMonth } from '@cutroom/contracts/tax/reports';

/** The chart's bars, in the legend's order; its screen-reader table has the same columns. */
export const TAX_SERIES: { key: keyof Omit<TaxMonth, 'month'>; name: string; color: string }[] = [
  { key: 'commission', name: 'Commission', color: '#6366f1' },
  { key: 'gstOnCommission', name: 'GST on commission', color: '#0ea5e9' },
  { key: 'tcs', name: 'TCS', color: '#f59e0b' },
  { key: 'tds', name: 'TDS', color: '#10b981' },
];

/** 4.5 → '4.5', 6 → '6'. */
const short = (n: number) => String(Number(n.toFixed(1)));

/**
 * '₹1.5L', '₹4.5k', '₹800': the axis's short amounts (the tooltip and the table show them in full). The
 * same as the dashboard's daily chart; the admin feature imports this one, so it cannot lend us its own.
 */
export const axisRupees = (v: number) =>
  v >= 100_000 ? `₹${short(v / 100_000)}L` : v >= 1000 ? `₹${short(v / 1000)}k` : `₹${short(v)}`;

/** How many of the newest months a phone's chart draws: twelve groups of four bars would be hairlines. */
export const PHONE_MONTHS = 6;
/** The width from which the chart draws all twelve months (Tailwind's `sm`). */
export const WIDE_CHART = '(min-width: 640px)';

/** The months a chart draws: all of them when wide, else the newest PHONE_MONTHS. */
export const chartMonths = <T>(months: T[], wide: boolean): T[] =>
  wide ? months : months.slice(-PHONE_MONTHS);

/**
 * A bar's least height in pixels: 3 for any amount above zero, so TDS (a thousandth of a payment) still
 * shows beside a commission hundreds of times larger; none for zero, which stays flat.
 */
export const barMinHeight = (value: number | null | undefined) => (value && value > 0 ? 3 : 0);
