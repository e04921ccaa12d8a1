import { TAX_REPORT_MESSAGES, orderReference } from '@cutroom/contracts';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { editorTaxProfiles, orderEarnings, orderTaxAssessments, orders, users } from '../../../db/schema';
import { csvField, pagedCsv } from '../../../lib/csv';
import { conflict } from '../../../lib/http-error';
import { istDayCell, percentCell, rangeOf, rupeesCell } from './format';

const HEADER = [
  'Date of credit',
  'Order',
  'Gross amount',
  'Refunded',
  'TDS rate (%)',
  'TDS deducted',
  'Section',
];

const PAGE = 500;

/** The credits of a quarter the tax rests on: each order's assessment with what refunds took back. */
export function creditsPage(db: Db, range: { from: Date; to: Date }, editorId: string | null) {
  return (after: { assessedAt: Date; orderId: string } | null) =>
    db
      .select({
        orderId: orderTaxAssessments.orderId,
        editorId: orderTaxAssessments.editorId,
        assessedAt: orderTaxAssessments.assessedAt,
        number: orders.number,
        grossPaise: orderTaxAssessments.grossPaise,
        refundedPaise: sql<number>`coalesce(${orderEarnings.refundedPaise}, 0)`.mapWith(Number),
        tdsPaise:
          sql<number>`${orderTaxAssessments.tdsPaise} - coalesce(${orderEarnings.tdsRefundedPaise}, 0)`.mapWith(
            Number,
          ),
        tdsRatePpm: orderTaxAssessments.tdsRatePpm,
        tdsReason: orderTaxAssessments.tdsReason,
        tdsSection: orderTaxAssessments.tdsSection,
        // For the admins' return: the deductee as their profile names them.
        username: users.username,
        legalName: editorTaxProfiles.legalName,
        panSealed: editorTaxProfiles.panSealed,
      })
      .from(orderTaxAssessments)
      .innerJoin(orders, eq(orders.id, orderTaxAssessments.orderId))
      .innerJoin(users, eq(users.id, orderTaxAssessments.editorId))
      .leftJoin(orderEarnings, eq(orderEarnings.orderId, orderTaxAssessments.orderId))
      .leftJoin(editorTaxProfiles, eq(editorTaxProfiles.editorId, orderTaxAssessments.editorId))
      .where(
        and(
          editorId ? eq(orderTaxAssessments.editorId, editorId) : undefined,
          gte(orderTaxAssessments.assessedAt, range.from),
          lt(orderTaxAssessments.assessedAt, range.to),
          after
            ? sql`(${orderTaxAssessments.assessedAt}, ${orderTaxAssessments.orderId}) > (${after.assessedAt.toISOString()}::timestamptz, ${after.orderId}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(orderTaxAssessments.assessedAt), asc(orderTaxAssessments.orderId))
      .limit(PAGE);
}

/**
 * An editor's TDS for a quarter that has ended (IST): one row per order credited in it, with the TDS
 * left after refunds gave their part back, and the totals. Exempt credits are listed at 0 %.
 */
export async function editorTdsCsv(
  db: Db,
  editorId: string,
  quarter: string,
  now = new Date(),
): Promise<AsyncIterable<string>> {
  const range = rangeOf('quarter', quarter);
  if (range.to.getTime() > now.getTime()) throw conflict(TAX_REPORT_MESSAGES.notEnded);
  const page = creditsPage(db, range, editorId);
  const totals = { gross: 0, refunded: 0, tds: 0 };
  return pagedCsv({
    header: HEADER,
    first: await page(null),
    next: (last) => page(last),
    line: (r) => {
      totals.gross += r.grossPaise;
      totals.refunded += r.refundedPaise;
      totals.tds += r.tdsPaise;
      return [
        istDayCell(r.assessedAt),
        csvField(orderReference(r.number)),
        rupeesCell(r.grossPaise),
        rupeesCell(r.refundedPaise),
        percentCell(r.tdsRatePpm),
        rupeesCell(r.tdsPaise),
        csvField(r.tdsSection),
      ];
    },
    closing: () => [
      [
        csvField('Total'),
        csvField(''),
        rupeesCell(totals.gross),
        rupeesCell(totals.refunded),
        csvField(''),
        rupeesCell(totals.tds),
        csvField(''),
      ],
    ],
  });
}
