import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refunds_refund_id_uq').on(t.refundId),
    index('refunds_payment_idx').on(t.paymentId, t.createdAt),
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
