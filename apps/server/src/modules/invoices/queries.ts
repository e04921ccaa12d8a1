import { and, asc, desc, eq } from 'drizzle-orm';
import {
  ORDER_MESSAGES,
  TAX_DOCUMENT_LABELS,
  orderReference,
  rupeesFromPaise,
  type TaxDocumentSummary,
  type TaxDocumentsPage,
} from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { orders, taxDocuments } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { keysetTime, olderThan, pageOf, readCursor } from '../../lib/pagination';
import type { SessionUser } from '../auth';
import type { TaxDocumentRow } from './issue';

const PAGE = 20;
export const DOCUMENT_NOT_FOUND = 'Document not found';

function toSummary(row: TaxDocumentRow, orderNumber: number, refersTo: string | null): TaxDocumentSummary {
  return {
    id: row.id,
    kind: row.kind,
    kindLabel: TAX_DOCUMENT_LABELS[row.kind],
    number: row.number,
    issuedAt: row.issuedAt.toISOString(),
    orderId: row.orderId,
    orderReference: orderReference(orderNumber),
    total: rupeesFromPaise(row.totalPaise),
    refersTo,
  };
}

/** The original's number, read from the frozen content (no second query per row). */
const refersToOf = (row: TaxDocumentRow) =>
  (row.content as { refersTo: { number: string } | null }).refersTo?.number ?? null;

/**
 * An order's paper for one viewer: each party sees what was issued to them (the creator their
 * receipts, the editor the commission invoices), admins everything; strangers get a 404.
 */
export async function orderDocuments(
  db: Db,
  viewer: Pick<SessionUser, 'id' | 'role'>,
  orderId: string,
): Promise<TaxDocumentSummary[]> {
  const [order] = await db
    .select({ number: orders.number, creatorId: orders.creatorId, editorId: orders.editorId })
    .from(orders)
    .where(eq(orders.id, orderId));
  const member = order && (order.creatorId === viewer.id || order.editorId === viewer.id);
  if (!order || (!member && viewer.role !== 'admin')) throw notFound(ORDER_MESSAGES.notFound);
  const rows = await db
    .select()
    .from(taxDocuments)
    .where(
      and(
        eq(taxDocuments.orderId, orderId),
        viewer.role === 'admin' ? undefined : eq(taxDocuments.partyId, viewer.id),
      ),
    )
    .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.id));
  return rows.map((r) => toSummary(r, order.number, refersToOf(r)));
}

/** The editor's own commission invoices and credit notes, newest first, 20 a page. */
export async function editorDocuments(
  db: Db,
  editorId: string,
  cursor: string | undefined,
): Promise<TaxDocumentsPage> {
  const rows = await db
    .select({ d: taxDocuments, number: orders.number, key: keysetTime(taxDocuments.issuedAt) })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(
      and(
        eq(taxDocuments.partyId, editorId),
        olderThan(readCursor(cursor), taxDocuments.issuedAt, taxDocuments.id),
      ),
    )
    .orderBy(desc(taxDocuments.issuedAt), desc(taxDocuments.id))
    .limit(PAGE + 1);
  const { nextCursor } = pageOf(rows, PAGE, (r) => ({ at: r.key, id: r.d.id }));
  return {
    items: rows.slice(0, PAGE).map((r) => toSummary(r.d, r.number, refersToOf(r.d))),
    nextCursor,
  };
}

/** A document for its party or an admin; anyone else gets the same 404 as for a missing one. */
export async function documentFor(
  db: Db,
  viewer: Pick<SessionUser, 'id' | 'role'>,
  documentId: string,
): Promise<TaxDocumentRow> {
  const [row] = await db.select().from(taxDocuments).where(eq(taxDocuments.id, documentId));
  if (!row || (row.partyId !== viewer.id && viewer.role !== 'admin')) throw notFound(DOCUMENT_NOT_FOUND);
  return row;
}
