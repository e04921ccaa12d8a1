import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tierTitle } from './portfolio';
import { orders } from './orders';
import { users } from './users';

export const paymentStatus = pgEnum('payment_status', ['INITIATED', 'SUCCESS', 'FAILED']);
export const refundStatus = pgEnum('refund_status', ['PENDING', 'SUCCESS', 'CANCELLED', 'ONHOLD']);

/** One row per gateway order: a creator paying an editor for one tier. Money is integer paise. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Our order id, sent to the gateway as order_id. */
    orderId: text('order_id').notNull(),
    cfOrderId: text('cf_order_id'),
    /** The gateway's id of the attempt that settled the order (the successful one when SUCCESS). */
    cfPaymentId: text('cf_payment_id'),
    paymentSessionId: text('payment_session_id').notNull(),
    status: paymentStatus('status').notNull().default('INITIATED'),
    amountPaise: integer('amount_paise').notNull(),
    /** The order's tier; null for a custom offer without one. */
    planType: tierTitle('plan_type'),
    /**
     * Our order this payment pays for (orders.id). `orderId` above is the gateway's order, named as
     * SPEC.md names it; this one is ours.
     */
    cutroomOrderId: uuid('cutroom_order_id').references(() => orders.id),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id),
    editorId: uuid('editor_id')
      .notNull()
      .references(() => users.id),
    phone: text('phone').notNull(),
    creatorNote: text('creator_note').notNull().default(''),
    /** After this an order still INITIATED becomes FAILED. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    // Millisecond precision, so a JavaScript Date carries it exactly into the listing cursor.
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Listings read these indexes backwards for newest first.
  (t) => [
    uniqueIndex('payments_order_id_uq').on(t.orderId),
    index('payments_creator_created_idx').on(t.creatorId, t.createdAt, t.id),
    index('payments_editor_created_idx').on(t.editorId, t.createdAt, t.id),
    index('payments_created_idx').on(t.createdAt, t.id),
    index('payments_cutroom_order_idx').on(t.cutroomOrderId),
    // Lapsed orders are swept on reads: INITIATED rows past their expiry.
    index('payments_initiated_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'INITIATED'`),
    // Deliveries ask "has this creator paid this editor?"
    index('payments_pair_success_idx')
      .on(t.creatorId, t.editorId, t.paidAt)
      .where(sql`${t.status} = 'SUCCESS'`),
    // The admin dashboard's paid volume per day (modules/dashboard).
    index('payments_success_paid_idx')
      .on(t.paidAt)
      .where(sql`${t.status} = 'SUCCESS'`),
  ],
);

export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Our refund id, sent to the gateway as refund_id. */
    refundId: text('refund_id').notNull(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    amountPaise: integer('amount_paise').notNull(),
    note: text('note').notNull(),
    status: refundStatus('status').notNull().default('PENDING'),
    cfRefundId: text('cf_refund_id'),
    createdById: uuid('created_by_id').references(() => users.id),
    /** The editor's part taken back from their vendor balance at the gateway (refund_splits), if any. */
    vendorSplitPaise: integer('vendor_split_paise'),
    /**
     * Who started it: Cutroom (an admin or the platform), the gateway or its dashboard (found by a
     * webhook or reconciliation), or reconciliation returning a second successful payment of one order.
     * Only the first two count against the order's payment.
     */
    origin: text('origin').$type<RefundOrigin>().notNull().default('cutroom'),
    /** Times the create call was sent again because the gateway had no record of it. */
    resentCount: integer('resent_count').notNull().default(0),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refunds_refund_id_uq').on(t.refundId),
    index('refunds_payment_idx').on(t.paymentId, t.createdAt),
    check('refunds_origin_ck', sql`${t.origin} in ('cutroom', 'gateway', 'duplicate_payment')`),
    // Reconciliation reads the refunds still on their way.
    index('refunds_open_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} in ('PENDING', 'ONHOLD')`),
  ],
);

export type RefundOrigin = 'cutroom' | 'gateway' | 'duplicate_payment';

/**
 * One pass of reconciliation (modules/payments/reconciliation): when it ran and how much it looked at.
 * Its findings point back to it.
 */
export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'schedule' (the durable job) or 'admin' (Run now). */
    trigger: text('trigger').$type<'schedule' | 'admin'>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** What was checked, by kind: { payments, refunds, ... }. */
    checked: jsonb('checked').$type<Record<string, number>>().notNull().default({}),
    error: text('error'),
  },
  (t) => [index('reconciliation_runs_started_idx').on(t.startedAt)],
);

/**
 * Something our records and the gateway's disagreed on, what was found and what was done about it.
 * `key` names the mismatch, so a later pass that sees it again adds nothing.
 */
export const reconciliationFindings = pgTable(
  'reconciliation_findings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    runId: uuid('run_id').references(() => reconciliationRuns.id),
    kind: text('kind').notNull(),
    /** The gateway's order id (payments.order_id) and ours, when the finding is about an order. */
    gatewayOrderId: text('gateway_order_id'),
    cutroomOrderId: uuid('cutroom_order_id').references(() => orders.id),
    amountPaise: integer('amount_paise'),
    found: text('found').notNull(),
    action: text('action').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reconciliation_findings_key_uq').on(t.key),
    index('reconciliation_findings_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * Gateway events already applied, keyed by the gateway's own ids (cf_payment_id or cf_refund_id with
 * the status they report): a repeated webhook, or a reconciliation that learns the same thing, is a no-op.
 */
export const processedGatewayEvents = pgTable('processed_gateway_events', {
  eventKey: text('event_key').primaryKey(),
  orderId: text('order_id').notNull(),
  eventType: text('event_type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Where a gateway dispute stands for us: still open, or closed in our favour or against us. */
export type GatewayDisputeOutcome = 'open' | 'won' | 'lost';

/**
 * A dispute or chargeback the gateway reported on a payment (Cashfree's DISPUTE_* webhooks). One row per
 * gateway dispute id; `rank` orders its statuses (stage, then open before closed) so an older webhook
 * arriving late never moves it back. Payouts holds, releases or debits the editor's share from it.
 */
export const gatewayDisputes = pgTable(
  'gateway_disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Cashfree's dispute_id (a long, kept as text). */
    cfDisputeId: text('cf_dispute_id').notNull(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    /** The gateway's order id (payments.order_id) and ours, for the admin's order page. */
    gatewayOrderId: text('gateway_order_id').notNull(),
    cutroomOrderId: uuid('cutroom_order_id').references(() => orders.id),
    cfPaymentId: text('cf_payment_id'),
    /** DISPUTE, CHARGEBACK, RETRIEVAL, PRE_ARBITRATION, ARBITRATION. */
    disputeType: text('dispute_type').notNull(),
    /** The gateway's own status, e.g. CHARGEBACK_UNDER_REVIEW. */
    status: text('status').notNull(),
    outcome: text('outcome').$type<GatewayDisputeOutcome>().notNull(),
    rank: integer('rank').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    reasonCode: text('reason_code'),
    reasonDescription: text('reason_description'),
    remarks: text('remarks'),
    respondBy: timestamp('respond_by', { withTimezone: true }),
    /** The gateway's updated_at of the status we hold: a same-rank update only wins when newer. */
    gatewayUpdatedAt: timestamp('gateway_updated_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gateway_disputes_cf_dispute_uq').on(t.cfDisputeId),
    index('gateway_disputes_order_idx').on(t.cutroomOrderId),
    check('gateway_disputes_outcome_ck', sql`${t.outcome} in ('open', 'won', 'lost')`),
  ],
);
