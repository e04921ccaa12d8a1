import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { VENDOR_STATES, type VendorState } from '@cutroom/contracts/payouts';
import { orders } from './orders';
import { payments } from './payments';
import { users } from './users';

/** Where an order's editor share stands at the gateway (modules/payouts/states.ts has its moves). */
export const SPLIT_STATES = ['none', 'waiting', 'requested', 'done', 'failed', 'missed'] as const;
export type SplitState = (typeof SPLIT_STATES)[number];

/** Where a refund's take-back from a vendor balance stands at the gateway (moves in payouts/states.ts). */
export const ADJUSTMENT_STATES = ['requested', 'done', 'failed'] as const;
export type AdjustmentState = (typeof ADJUSTMENT_STATES)[number];

/** `column in ('a', 'b', …)`: a CHECK that keeps a text column to a typed union's values. */
const oneOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * An editor's payout details and their vendor account at the gateway. The details themselves are only
 * stored encrypted (AES-256-GCM, PAYOUT_DETAILS_KEY); `masked` is what pages may show.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    editorId: uuid('editor_id')
      .primaryKey()
      .references(() => users.id),
    method: text('method').$type<'bank' | 'upi'>().notNull(),
    accountHolder: text('account_holder').notNull(),
    /** base64(iv ‖ tag ‖ ciphertext) of the details as JSON. */
    detailsSealed: text('details_sealed').notNull(),
    masked: text('masked').notNull(),
    vendorId: text('vendor_id').notNull(),
    /** Contracts' VendorState; moves in payouts/states.ts, read from the gateway's status (vendor-statuses.ts). */
    vendorState: text('vendor_state').$type<VendorState>().notNull().default('not_created'),
    /** What the editor and admins are shown as the reason (a refusal, a block, what the gateway needs). */
    vendorError: text('vendor_error'),
    /** The gateway's own status and words as last read (Cashfree's ACTION_REQUIRED and its remarks). */
    gatewayStatus: text('gateway_status'),
    gatewayRemarks: text('gateway_remarks'),
    /** When that status was observed: an older observation (a late webhook, a slow call) never wins. */
    gatewayCheckedAt: timestamp('gateway_checked_at', { withTimezone: true, precision: 3 }),
    /** HMAC of the KYC identifiers last sent, so a PAN or GSTIN saved later is sent again. */
    kycSent: text('kyc_sent'),
    /** Payouts wait until then after a change of details. */
    heldUntil: timestamp('held_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payout_accounts_vendor_state_ck', sql`${t.vendorState} in (${oneOf(VENDOR_STATES)})`),
    // Failures and vendors the gateway needs something for wait for someone (the payouts page).
    index('payout_accounts_failed_idx')
      .on(t.editorId)
      .where(sql`${t.vendorState} in ('failed', 'action_required')`),
  ],
);

/**
 * The money of one paid order, as fixed when it was paid (commission and clearing period), and where
 * its editor share stands. A projection kept beside the ledger, which alone is the record of amounts.
 */
export const orderEarnings = pgTable(
  'order_earnings',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id),
    editorId: uuid('editor_id')
      .notNull()
      .references(() => users.id),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    grossPaise: integer('gross_paise').notNull(),
    feePercent: integer('fee_percent').notNull(),
    commissionPaise: integer('commission_paise').notNull(),
    /** Withheld from the share (issue 27): GST on the commission, TCS and TDS. */
    gstPaise: integer('gst_paise').notNull().default(0),
    tcsPaise: integer('tcs_paise').notNull().default(0),
    tdsPaise: integer('tds_paise').notNull().default(0),
    /** What reaches the editor: gross less commission and what is withheld. */
    sharePaise: integer('share_paise').notNull(),
    clearingSeconds: integer('clearing_seconds').notNull(),
    refundedPaise: integer('refunded_paise').notNull().default(0),
    editorRefundedPaise: integer('editor_refunded_paise').notNull().default(0),
    /** What refunds so far took back of each withheld tax (the rest of a refund's platform part is commission). */
    gstRefundedPaise: integer('gst_refunded_paise').notNull().default(0),
    tcsRefundedPaise: integer('tcs_refunded_paise').notNull().default(0),
    tdsRefundedPaise: integer('tds_refunded_paise').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true, precision: 3 }).notNull(),
    /** Completed (or cancelled with something kept): the clearing period starts. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    clearsAt: timestamp('clears_at', { withTimezone: true }),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    /** A dispute on the order is open: the share does not clear until it closes. */
    heldAt: timestamp('held_at', { withTimezone: true }),
    /** none, waiting (no active vendor yet), requested, done, failed; moves in payouts/states.ts. */
    splitState: text('split_state').$type<SplitState>().notNull().default('none'),
    splitPaise: integer('split_paise'),
    splitError: text('split_error'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_earnings_editor_paid_idx').on(t.editorId, t.paidAt, t.orderId),
    // The admin dashboard's commission per day.
    index('order_earnings_paid_idx').on(t.paidAt),
    index('order_earnings_split_state_idx')
      .on(t.splitState)
      .where(sql`${t.splitState} in ('waiting', 'failed')`),
    check(
      'order_earnings_amounts_ck',
      sql`${t.commissionPaise} + ${t.gstPaise} + ${t.tcsPaise} + ${t.tdsPaise} + ${t.sharePaise} = ${t.grossPaise}`,
    ),
    check('order_earnings_split_state_ck', sql`${t.splitState} in (${oneOf(SPLIT_STATES)})`),
  ],
);

/**
 * The payouts ledger: every movement of money as immutable double-entry lines. The lines of one event
 * share `eventKey` and sum to zero; a trigger refuses UPDATE and DELETE. Accounts: customer (what
 * creators paid, negative), editor_pending, editor_available, editor_paid_out, platform_commission.
 */
export const payoutLedger = pgTable(
  'payout_ledger',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
    eventKey: text('event_key').notNull(),
    kind: text('kind').notNull(),
    account: text('account').notNull(),
    editorId: uuid('editor_id')
      .notNull()
      .references(() => users.id),
    orderId: uuid('order_id').references(() => orders.id),
    settlementId: uuid('settlement_id'),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payout_ledger_event_account_uq').on(t.eventKey, t.account),
    index('payout_ledger_editor_account_idx').on(t.editorId, t.account),
    index('payout_ledger_order_idx').on(t.orderId),
    index('payout_ledger_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * Each editor's running total per ledger account, kept by the same statement sequence that appends the
 * lines (modules/payouts/ledger.ts), so balances and the admins' totals never re-read the ledger.
 */
export const payoutBalances = pgTable(
  'payout_balances',
  {
    editorId: uuid('editor_id')
      .notNull()
      .references(() => users.id),
    account: text('account').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.editorId, t.account] })],
);

/** A vendor settlement the gateway reported (VENDOR_SETTLEMENT_* webhooks). */
export const payoutSettlements = pgTable(
  'payout_settlements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    editorId: uuid('editor_id')
      .notNull()
      .references(() => users.id),
    vendorId: text('vendor_id').notNull(),
    gatewaySettlementId: text('gateway_settlement_id').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    status: text('status').$type<'INITIATED' | 'SUCCESS' | 'FAILED' | 'REVERSED'>().notNull(),
    utr: text('utr'),
    reason: text('reason'),
    initiatedAt: timestamp('initiated_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** A failed settlement an admin asked to try again. */
    retriedAt: timestamp('retried_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payout_settlements_gateway_uq').on(t.gatewaySettlementId),
    index('payout_settlements_editor_idx').on(t.editorId, t.createdAt),
    index('payout_settlements_created_idx').on(t.createdAt, t.id),
    index('payout_settlements_failed_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'FAILED' and ${t.retriedAt} is null`),
  ],
);

/** Money taken back from a vendor's balance at the gateway (a refund after the split was made). */
export const payoutAdjustments = pgTable(
  'payout_adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Cashfree's adjustment_id is an int64. */
    number: bigint('number', { mode: 'number' }).generatedAlwaysAsIdentity({ startWith: 1001 }).notNull(),
    editorId: uuid('editor_id')
      .notNull()
      .references(() => users.id),
    orderId: uuid('order_id').references(() => orders.id),
    amountPaise: integer('amount_paise').notNull(),
    type: text('type').$type<'DEBIT' | 'CREDIT'>().notNull(),
    /** requested, done, failed; moves in payouts/states.ts. */
    state: text('state').$type<AdjustmentState>().notNull().default('requested'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payout_adjustments_number_uq').on(t.number),
    index('payout_adjustments_failed_idx')
      .on(t.createdAt)
      .where(sql`${t.state} = 'failed'`),
    check('payout_adjustments_state_ck', sql`${t.state} in (${oneOf(ADJUSTMENT_STATES)})`),
  ],
);
