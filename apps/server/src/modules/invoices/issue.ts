import { eq } from 'drizzle-orm';
import { TAX_DOCUMENT_SERIES, financialYearOf, type TaxDocumentKind } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { taxDocuments } from '../../db/schema';
import type { TaxDocumentContent } from './pdf/content';
import { documentNumber, nextInSeries } from './numbering';

export type TaxDocumentRow = typeof taxDocuments.$inferSelect;

export interface DocumentToIssue {
  kind: TaxDocumentKind;
  orderId: string;
  partyId: string;
  /** Names the fact documented; a second issue for it returns the first document. */
  sourceKey: string;
  refersTo: TaxDocumentRow | null;
  taxablePaise: number;
  taxPaise: number;
  /** The content, given the number and the moment of issue. */
  content: (number: string, issuedAt: Date) => TaxDocumentContent;
}

/** Issues a document in the caller's transaction: numbered in its series, its content frozen. */
export async function issueDocument(tx: Db, doc: DocumentToIssue): Promise<TaxDocumentRow> {
  const [existing] = await tx.select().from(taxDocuments).where(eq(taxDocuments.sourceKey, doc.sourceKey));
  if (existing) return existing;
  const issuedAt = new Date();
  const series = TAX_DOCUMENT_SERIES[doc.kind];
  const financialYear = financialYearOf(issuedAt);
  const sequence = await nextInSeries(tx, series, financialYear);
  const number = documentNumber(series, financialYear, sequence);
  const [row] = await tx
    .insert(taxDocuments)
    .values({
      kind: doc.kind,
      series,
      financialYear,
      sequence,
      number,
      orderId: doc.orderId,
      partyId: doc.partyId,
      refersToId: doc.refersTo?.id ?? null,
      sourceKey: doc.sourceKey,
      taxablePaise: doc.taxablePaise,
      taxPaise: doc.taxPaise,
      totalPaise: doc.taxablePaise + doc.taxPaise,
      content: doc.content(number, issuedAt),
      issuedAt,
    })
    .returning();
  return row!;
}

export async function documentBySource(tx: Db, sourceKey: string): Promise<TaxDocumentRow | null> {
  const [row] = await tx.select().from(taxDocuments).where(eq(taxDocuments.sourceKey, sourceKey));
  return row ?? null;
}
