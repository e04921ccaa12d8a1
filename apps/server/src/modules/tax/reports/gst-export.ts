import { TAX_DOCUMENT_LABELS, type TaxDocumentKind } from '@cutroom/contracts';
import { and, asc, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { taxDocuments } from '../../../db/schema';
import { csvField, csvText, pagedCsv } from '../../../lib/csv';
import { istDayCell, rupeesCell } from './format';

const HEADER = [
  'Number',
  'Date',
  'Kind',
  'Recipient name',
  'Recipient GSTIN',
  'Place of supply',
  'Taxable value',
  'CGST',
  'SGST',
  'IGST',
  'Total',
];

const KINDS: TaxDocumentKind[] = ['commission_invoice', 'commission_credit_note'];
const PAGE = 500;

/** The part of a document's frozen content this export reads (invoices write it; the paper never changes). */
interface FrozenContent {
  recipient?: { name?: string; lines?: string[] };
  placeOfSupply?: string | null;
  taxes?: { label: string; amountPaise: number }[];
}

const taxOf = (content: FrozenContent, kind: 'CGST' | 'SGST' | 'IGST') =>
  (content.taxes ?? []).filter((t) => t.label.startsWith(kind)).reduce((sum, t) => sum + t.amountPaise, 0);

/**
 * The month's GST on commission: every commission invoice and credit note issued in it (IST), as the
 * paper says, the GSTIN the recipient had when it was issued; credit notes negative.
 */
export async function gstExportCsv(db: Db, range: { from: Date; to: Date }) {
  const page = (after: { issuedAt: Date; id: string } | null) =>
    db
      .select({
        id: taxDocuments.id,
        kind: taxDocuments.kind,
        number: taxDocuments.number,
        issuedAt: taxDocuments.issuedAt,
        taxablePaise: taxDocuments.taxablePaise,
        totalPaise: taxDocuments.totalPaise,
        content: taxDocuments.content,
      })
      .from(taxDocuments)
      .where(
        and(
          inArray(taxDocuments.kind, KINDS),
          gte(taxDocuments.issuedAt, range.from),
          lt(taxDocuments.issuedAt, range.to),
          after
            ? sql`(${taxDocuments.issuedAt}, ${taxDocuments.id}) > (${after.issuedAt.toISOString()}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.id))
      .limit(PAGE);
  return pagedCsv({
    header: HEADER,
    first: await page(null),
    next: (last) => page(last),
    line: (d) => {
      const content = (d.content ?? {}) as FrozenContent;
      const sign = d.kind === 'commission_credit_note' ? -1 : 1;
      const gstin = content.recipient?.lines?.find((l) => l.startsWith('GSTIN '))?.slice(6) ?? '';
      const money = (paise: number) => rupeesCell(sign * paise);
      return [
        csvField(d.number),
        istDayCell(d.issuedAt),
        csvField(TAX_DOCUMENT_LABELS[d.kind]),
        csvText(content.recipient?.name ?? ''),
        csvField(gstin.trim()),
        csvField(content.placeOfSupply ?? ''),
        money(d.taxablePaise),
        money(taxOf(content, 'CGST')),
        money(taxOf(content, 'SGST')),
        money(taxOf(content, 'IGST')),
        money(d.totalPaise),
      ];
    },
  });
}
