import { payoutLedger } from '../../../db/schema';
import {
  TAX_REPORT_MESSAGES,
  monthSchema,
  periodRange,
  quarterSchema,
  rupeesFromPaise,
} from '@cutroom/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { csvField } from '../../../lib/csv';
import { badRequest } from '../../../lib/http-error';

/** How every report writes its cells: rupees with two decimals, days as the IST calendar date. */

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** 159920 → "1599.20"; integer paise print exactly (no float sums). */
export const rupeesCell = (paise: number) => csvField(rupeesFromPaise(paise).toFixed(2));

/** The day in India an instant fell on: the returns count days in IST, whatever the server's zone. */
export const istDayCell = (at: Date) =>
  csvField(new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10));

/** 50000 ppm → "5" (per cent, as the returns print a rate). */
export const percentCell = (ratePpm: number) => csvField(String(Number((ratePpm / 10_000).toFixed(4))));

/** A bigint sum the drivers hand back as text, as a number of paise. */
export const paiseOf = (v: string | number | null | undefined) => Number(v ?? 0);

/** `sum(amount) filter (where account = '…')`; the account is ours, written as a literal so grouped
 * expressions compare equal (a bound parameter would differ from the GROUP BY's). */
export const sumWhere = (amount: PgColumn, column: PgColumn, value: string): SQL<string> =>
  sql<string>`coalesce(sum(${amount}) filter (where ${column} = ${sql.raw(`'${value.replace(/'/g, "''")}'`)}), 0)::bigint`;

const PERIOD_SCHEMAS = { month: monthSchema, quarter: quarterSchema } as const;

/**
 * The instants of a month or quarter typed in a URL, checked here rather than by the route's schema so
 * the 400 carries the period's own message (the route's would prefix the field's name).
 */
export function rangeOf(unit: 'month' | 'quarter', period: string): { from: Date; to: Date } {
  const checked = PERIOD_SCHEMAS[unit].safeParse(period);
  const range = checked.success ? periodRange(checked.data) : null;
  if (!range) throw badRequest(TAX_REPORT_MESSAGES[unit]);
  return range;
}

const accountSum = (account: string) => sumWhere(payoutLedger.amountPaise, payoutLedger.account, account);

/** An event's lines pivoted into one column per ledger account (summed over a GROUP BY of the event). */
export const ledgerAccountColumns = () => ({
  customer: accountSum('customer'),
  commission: accountSum('platform_commission'),
  gst: accountSum('gst_on_commission'),
  tcs: accountSum('tcs_payable'),
  tds: accountSum('tds_payable'),
  pending: accountSum('editor_pending'),
  available: accountSum('editor_available'),
  paidOut: accountSum('editor_paid_out'),
});
