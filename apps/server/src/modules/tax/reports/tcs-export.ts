import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { editorTaxProfiles, orderTaxAssessments, payoutLedger, users } from '../../../db/schema';
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

const l = payoutLedger;
const customerOf = (kinds: string) =>
  sql<string>`coalesce(sum(case when ${l.account} = 'customer' and ${l.kind} in (${sql.raw(kinds)}) then ${l.amountPaise} else 0 end), 0)::bigint`;
/** TCS is split as it was collected: IGST whole, else CGST and SGST (CGST the smaller half of the total). */
const tcsOf = (igst: boolean) =>
  sql<string>`coalesce(sum(case when ${l.account} = 'tcs_payable' and (${orderTaxAssessments.tcsIgstPaise} > 0) = ${igst} then ${l.amountPaise} else 0 end), 0)::bigint`;

/**
 * GSTR-8's fields for a month, from the ledger lines booked in it: one row per registered supplier
 * (editor) with the supplies credited in the month, the supplies returned in the month (refunds, whenever
 * the supply was), and the TCS collected net of what those returns gave back. The return counts a refund
 * in the month it happens, so an earlier month's figures never change after it is filed.
 */
export async function tcsExportCsv(db: Db, key: Buffer, range: { from: Date; to: Date }) {
  const page = (after: { editorId: string } | null) =>
    db
      .select({
        editorId: orderTaxAssessments.editorId,
        username: users.username,
        legalName: editorTaxProfiles.legalName,
        gstinSealed: editorTaxProfiles.gstinSealed,
        // The customer's lines: a payment is negative, a refund (with its adjustment part) positive.
        paid: customerOf(`'payment'`),
        returned: customerOf(`'refund', 'adjustment'`),
        igst: tcsOf(true),
        intra: tcsOf(false),
      })
      .from(l)
      .innerJoin(orderTaxAssessments, eq(orderTaxAssessments.orderId, l.orderId))
      .innerJoin(users, eq(users.id, orderTaxAssessments.editorId))
      .leftJoin(editorTaxProfiles, eq(editorTaxProfiles.editorId, orderTaxAssessments.editorId))
      .where(
        and(
          eq(orderTaxAssessments.registered, true),
          inArray(l.account, ['customer', 'tcs_payable']),
          gte(l.createdAt, range.from),
          lt(l.createdAt, range.to),
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
      const [paid, returned, igst, intra] = [r.paid, r.returned, r.igst, r.intra].map(paiseOf);
      const gross = -paid!;
      const cgst = Math.floor(intra! / 2);
      return [
        csvField(openIdentifier(key, r.editorId, 'gstin', r.gstinSealed)),
        csvText(r.legalName ?? r.username),
        rupeesCell(gross),
        rupeesCell(returned!),
        rupeesCell(gross - returned!),
        rupeesCell(igst!),
        rupeesCell(cgst),
        rupeesCell(intra! - cgst),
      ];
    },
  });
}
