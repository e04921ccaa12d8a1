import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { TAX_DOCUMENT_KINDS, type TaxDocumentKind } from '@cutroom/contracts/tax/documents';
import { orders } from './orders';
import { users } from './users';

const oneOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * The last number issued in each series and financial year. Taken with a row lock in the issuing
 * transaction, so numbers are gapless: a transaction that rolls back gives its number back.
 */
export const documentSeries = pgTable(
  'document_series',
  {
    series: text('series').notNull(),
    financialYear: text('financial_year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.financialYear] })],
);

/** Receipts, tax invoices and credit notes (issue 27), each with the content its PDF is drawn from. */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<TaxDocumentKind>().notNull(),
    series: text('series').notNull(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** Who the document is issued to: the order's creator (receipts) or editor (commission). */
    partyId: uuid('party_id')
      .notNull()
      .references(() => users.id),
    refersToId: uuid('refers_to_id'),
    /** Names the fact it documents ('receipt:<paymentId>'): issuing twice for one fact is a no-op. */
    sourceKey: text('source_key').notNull(),
    /** Taxable value, tax and total, in paise (the content holds the lines). */
    taxablePaise: integer('taxable_paise').notNull(),
    taxPaise: integer('tax_paise').notNull(),
    totalPaise: integer('total_paise').notNull(),
    content: jsonb('content').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tax_documents_number_uq').on(t.number),
    uniqueIndex('tax_documents_series_seq_uq').on(t.series, t.financialYear, t.sequence),
    uniqueIndex('tax_documents_source_uq').on(t.sourceKey),
    index('tax_documents_party_idx').on(t.partyId, t.issuedAt, t.id),
    index('tax_documents_order_idx').on(t.orderId),
    index('tax_documents_issued_idx').on(t.issuedAt),
    check('tax_documents_kind_ck', sql`${t.kind} in (${oneOf(TAX_DOCUMENT_KINDS)})`),
    check('tax_documents_total_ck', sql`${t.taxablePaise} + ${t.taxPaise} = ${t.totalPaise}`),
  ],
);
