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
