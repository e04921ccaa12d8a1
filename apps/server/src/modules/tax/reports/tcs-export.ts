import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { editorTaxProfiles, orderEarnings, orderTaxAssessments, users } from '../../../db/schema';
import { csvField, csvText, pagedCsv } from '../../../lib/csv';
import { paiseOf, rupeesCell } from './format';
import { openIdentifier } from './identity';

const HEADER = [
  'GSTIN of supplier',
  'Legal name of supplier',
  'Gross value of supplies',
  'Value of supplies returned',
  'Net value of supplies',
  'IGST',
  'CGST',
  'SGST',
];

const PAGE = 500;

/** What each order's TCS keeps after refunds, split as it was collected (IGST whole, else CGST the smaller half). */
const tcsNet = sql`(${orderTaxAssessments.tcsCgstPaise} + ${orderTaxAssessments.tcsSgstPaise} + ${orderTaxAssessments.tcsIgstPaise} - coalesce(${orderEarnings.tcsRefundedPaise}, 0))`;
const igst = sql`case when ${orderTaxAssessments.tcsIgstPaise} > 0 then ${tcsNet} else 0 end`;
const cgst = sql`case when ${orderTaxAssessments.tcsIgstPaise} > 0 then 0 else ${tcsNet} / 2 end`;

/**
 * GSTR-8's fields for a month: one row per registered supplier (editor) with orders credited in it (the
 * month of the assessment), what refunds returned of them, and the TCS left after refunds.
 */
export async function tcsExportCsv(db: Db, key: Buffer, range: { from: Date; to: Date }) {
  const page = (after: { editorId: string } | null) =>
    db
      .select({
        editorId: orderTaxAssessments.editorId,
        username: users.username,
        legalName: editorTaxProfiles.legalName,
        gstinSealed: editorTaxProfiles.gstinSealed,
        gross: sql<string>`sum(${orderTaxAssessments.grossPaise})::bigint`,
        returned: sql<string>`coalesce(sum(${orderEarnings.refundedPaise}), 0)::bigint`,
        igst: sql<string>`sum(${igst})::bigint`,
        cgst: sql<string>`sum(${cgst})::bigint`,
        total: sql<string>`sum(${tcsNet})::bigint`,
      })
      .from(orderTaxAssessments)
      .innerJoin(users, eq(users.id, orderTaxAssessments.editorId))
      .leftJoin(orderEarnings, eq(orderEarnings.orderId, orderTaxAssessments.orderId))
      .leftJoin(editorTaxProfiles, eq(editorTaxProfiles.editorId, orderTaxAssessments.editorId))
      .where(
        and(
          eq(orderTaxAssessments.registered, true),
          gte(orderTaxAssessments.assessedAt, range.from),
          lt(orderTaxAssessments.assessedAt, range.to),
          after ? sql`${orderTaxAssessments.editorId} > ${after.editorId}::uuid` : undefined,
        ),
      )
      .groupBy(
        orderTaxAssessments.editorId,
        users.username,
        editorTaxProfiles.legalName,
        editorTaxProfiles.gstinSealed,
      )
      .orderBy(asc(orderTaxAssessments.editorId))
      .limit(PAGE);
  return pagedCsv({
    header: HEADER,
    first: await page(null),
    next: (last) => page(last),
    line: (r) => {
      const [gross, returned, i, c, total] = [r.gross, r.returned, r.igst, r.cgst, r.total].map(paiseOf);
      return [
        csvField(openIdentifier(key, r.editorId, 'gstin', r.gstinSealed)),
        csvText(r.legalName ?? r.username),
        rupeesCell(gross!),
        rupeesCell(returned!),
        rupeesCell(gross! - returned!),
        rupeesCell(i!),
        rupeesCell(c!),
        rupeesCell(total! - i! - c!),
      ];
    },
  });
}
