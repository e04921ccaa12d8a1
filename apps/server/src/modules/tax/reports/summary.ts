import {
  monthOf,
  periodRange,
  rupeesFromPaise,
  type TaxMonth,
  type TaxRate,
  type TaxSummary,
} from '@cutroom/contracts';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orderEarnings, orderTaxAssessments } from '../../../db/schema';
import { loadTaxRates } from '../rates';
import type { TaxRateKind } from '../assess';
import { paiseOf } from './format';

const RATE_LABELS: Record<TaxRateKind, string> = {
  gst_on_commission: 'GST on the commission',
  tcs_registered: 'TCS (registered editors)',
  tds_ecommerce: 'TDS',
  tds_ecommerce_no_pan: 'TDS without PAN or Aadhaar',
  tds_exemption_limit: 'TDS exemption limit (individuals and HUFs, per year)',
};

/** The last `count` IST months up to `now`'s, oldest first: '2025-12' … '2026-11'. */
export function lastMonths(now: Date, count: number): string[] {
  const [y, m] = monthOf(now).split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const back = y * 12 + (m - 1) - (count - 1 - i);
    return `${Math.floor(back / 12)}-${String((back % 12) + 1).padStart(2, '0')}`;
  });
}

/** The IST month of an instant, in SQL: IST has no daylight saving, so a fixed offset is exact. */
const istMonth = sql<string>`to_char((${orderTaxAssessments.assessedAt} at time zone 'UTC') + interval '330 minutes', 'YYYY-MM')`;
const kept = (booked: unknown, refunded: unknown) =>
  sql<string>`coalesce(sum(${booked} - coalesce(${refunded}, 0)), 0)::bigint`;
/** What refunds took of the commission: the platform's part of them less the taxes they gave back. */
const commissionRefunded = sql`coalesce(${orderEarnings.refundedPaise} - ${orderEarnings.editorRefundedPaise} - ${orderEarnings.gstRefundedPaise} - ${orderEarnings.tcsRefundedPaise} - ${orderEarnings.tdsRefundedPaise}, 0)`;

/**
 * The admins' tax chart: orders credited in each of the last 12 IST months (by the month of their
 * assessment) and what they keep after refunds; an order refunded in full is no longer counted. With
 * every rate and threshold row, in per cent or rupees.
 */
export async function taxSummary(db: Db, now = new Date()): Promise<TaxSummary> {
  const months = lastMonths(now, 12);
  const from = periodRange(months[0]!)!.from;
  const to = periodRange(months.at(-1)!)!.to;
  const rows = await db
    .select({
      month: istMonth,
      orders: sql<string>`count(*) filter (where ${orderTaxAssessments.grossPaise} > coalesce(${orderEarnings.refundedPaise}, 0))`,
      gross: kept(orderTaxAssessments.grossPaise, orderEarnings.refundedPaise),
      commission: kept(orderTaxAssessments.commissionPaise, commissionRefunded),
      gst: kept(
        sql`${orderTaxAssessments.gstCgstPaise} + ${orderTaxAssessments.gstSgstPaise} + ${orderTaxAssessments.gstIgstPaise}`,
        orderEarnings.gstRefundedPaise,
      ),
      tcs: kept(
        sql`${orderTaxAssessments.tcsCgstPaise} + ${orderTaxAssessments.tcsSgstPaise} + ${orderTaxAssessments.tcsIgstPaise}`,
        orderEarnings.tcsRefundedPaise,
      ),
      tds: kept(orderTaxAssessments.tdsPaise, orderEarnings.tdsRefundedPaise),
    })
    .from(orderTaxAssessments)
    .leftJoin(orderEarnings, eq(orderEarnings.orderId, orderTaxAssessments.orderId))
    .where(and(gte(orderTaxAssessments.assessedAt, from), lt(orderTaxAssessments.assessedAt, to)))
    .groupBy(istMonth);
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  const rupees = (v: string | undefined) => rupeesFromPaise(paiseOf(v));
  const taxMonths: TaxMonth[] = months.map((month) => {
    const r = byMonth.get(month);
    return {
      month,
      orders: paiseOf(r?.orders),
      gross: rupees(r?.gross),
      commission: rupees(r?.commission),
      gstOnCommission: rupees(r?.gst),
      tcs: rupees(r?.tcs),
      tds: rupees(r?.tds),
    };
  });
  const rates: TaxRate[] = (await loadTaxRates(db)).map((r) => ({
    kind: r.kind,
    label: RATE_LABELS[r.kind] ?? r.kind,
    value: r.ratePpm !== null ? r.ratePpm / 10_000 : rupeesFromPaise(r.amountPaise ?? 0),
    unit: r.ratePpm !== null ? 'percent' : 'rupees',
    effectiveFrom: r.effectiveFrom,
    section: r.section,
    source: r.source,
  }));
  return { months: taxMonths, rates };
}
