import { z } from 'zod';
import { MONTH_PATTERN, QUARTER_PATTERN, periodRange } from './periods';

/**
 * What the admins export for the returns (issue 27) and what the dashboard's tax chart shows. Every
 * export is CSV: TCS by month (GSTR-8), TDS by quarter (the TDS return), GST on commission by month, and
 * the month's ledger tied to the gateway's settlement report.
 */

export const TAX_EXPORT_KINDS = ['tcs', 'tds', 'gst', 'ledger'] as const;
export type TaxExportKind = (typeof TAX_EXPORT_KINDS)[number];

export const TAX_EXPORT_LABELS: Record<TaxExportKind, string> = {
  tcs: 'TCS collected (GSTR-8)',
  tds: 'TDS deducted (quarterly return)',
  gst: 'GST on commission',
  ledger: 'Ledger against settlements',
};

/** TDS is filed by quarter; everything else by month. */
export const TAX_EXPORT_PERIOD: Record<TaxExportKind, 'month' | 'quarter'> = {
  tcs: 'month',
  tds: 'quarter',
  gst: 'month',
  ledger: 'month',
};

export const TAX_REPORT_MESSAGES = {
  month: 'Choose a month, like 2026-11',
  quarter: 'Choose a quarter, like 2026-27-Q3',
  notEnded: 'This quarter has not ended yet',
} as const;

export const monthSchema = z
  .string()
  .regex(MONTH_PATTERN, TAX_REPORT_MESSAGES.month)
  .refine((p) => periodRange(p) !== null, TAX_REPORT_MESSAGES.month);
export const quarterSchema = z
  .string()
  .regex(QUARTER_PATTERN, TAX_REPORT_MESSAGES.quarter)
  .refine((p) => periodRange(p) !== null, TAX_REPORT_MESSAGES.quarter);

export const taxExportQuerySchema = z.object({ period: z.string().max(16) }).strict();

/** One month of the dashboard's tax chart; rupees, net of refunds. */
export interface TaxMonth {
  month: string;
  orders: number;
  gross: number;
  commission: number;
  gstOnCommission: number;
  tcs: number;
  tds: number;
}

/** A rate or threshold in force from a date (rates change by notification: data, never a literal). */
export interface TaxRate {
  kind: string;
  label: string;
  /** Per cent for a rate, rupees for a threshold. */
  value: number;
  unit: 'percent' | 'rupees';
  effectiveFrom: string;
  section: string;
  source: string;
}

export interface TaxSummary {
  /** The last 12 months, oldest first. */
  months: TaxMonth[];
  rates: TaxRate[];
}
