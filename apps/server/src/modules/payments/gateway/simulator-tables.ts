import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// The payment simulator's tables: written and read only by the simulated gateway beside this file, never
// by the app's own modules (a real gateway keeps these books itself). drizzle.config.ts lists this file
// with src/db/schema, so migrations still cover them.

/** The simulator's own books of Easy Split (what Cashfree keeps): vendors, movements, settlements. */
export const simVendors = pgTable('sim_vendors', {
  vendorId: text('vendor_id').primaryKey(),
  name: text('name').notNull(),
  status: text('status').notNull(),
  remarks: text('remarks'),
  /** The KYC numbers the vendor was sent with, and whether the simulated review passed them. */
  kyc: jsonb('kyc').$type<{ pan: string | null; gstin: string | null; verified: boolean }>(),
  /** Only what the simulator needs of the destination: its kind and a masked form, plus a failure hint. */
  destination: jsonb('destination').$type<{ kind: string; masked: string; failing: boolean }>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const simVendorMovements = pgTable(
  'sim_vendor_movements',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
    vendorId: text('vendor_id')
      .notNull()
      .references(() => simVendors.vendorId),
    kind: text('kind').notNull(),
    /** The gateway order (split, refund) or our reference (adjustment) it came from. */
    reference: text('reference').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    eligibleAt: timestamp('eligible_at', { withTimezone: true }).notNull(),
    settlementId: bigint('settlement_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sim_vendor_movements_kind_ref_uq').on(t.kind, t.reference, t.vendorId),
    index('sim_vendor_movements_unsettled_idx')
      .on(t.vendorId, t.eligibleAt)
      .where(sql`${t.settlementId} is null`),
  ],
);

export const simSettlements = pgTable('sim_settlements', {
  id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity({ startWith: 70001 }).primaryKey(),
  vendorId: text('vendor_id')
    .notNull()
    .references(() => simVendors.vendorId),
  amountPaise: integer('amount_paise').notNull(),
  status: text('status').notNull(),
  utr: text('utr'),
  reason: text('reason'),
  initiatedAt: timestamp('initiated_at', { withTimezone: true }).notNull().defaultNow(),
  settledAt: timestamp('settled_at', { withTimezone: true }),
});
