import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
import { ORDER_ACTORS, ORDER_SOURCES, ORDER_STATUSES } from '@cutroom/contracts/orders';
import { chatRooms } from './chat';
import { tierTitle } from './portfolio';
import { users } from './users';

export const orderStatus = pgEnum('order_status', ORDER_STATUSES);
export const orderSource = pgEnum('order_source', ORDER_SOURCES);
export const orderActor = pgEnum('order_actor', ORDER_ACTORS);
export const orderSide = pgEnum('order_side', ['creator', 'editor']);

/**
 * The agreement between one creator and one editor (an editor's offer until accepted). Money is integer
 * paise. Every change of `status` is one conditional UPDATE in modules/orders/transitions.ts, and is
 * recorded in `order_events`. Not the gateway's order: payments name this row in `cutroom_order_id`.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Shown as CR-{number}. */
    number: bigint('number', { mode: 'number' }).generatedAlwaysAsIdentity({ startWith: 10001 }).notNull(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => chatRooms.id),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id),
    editorId: uuid('editor_id')
      .notNull()
      .references(() => users.id),
    source: orderSource('source').notNull(),
    tier: tierTitle('tier'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    brief: text('brief').notNull().default(''),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    pricePaise: integer('price_paise').notNull(),
    /** A range tier bought with Pay Now: the price is its starting price. */
    startingPrice: boolean('starting_price').notNull().default(false),
    deliveryDays: integer('delivery_days').notNull(),
    revisionsIncluded: integer('revisions_included').notNull(),
    revisionsUsed: integer('revisions_used').notNull().default(0),
    status: orderStatus('status').notNull(),
    /** Accepted to pay after approving the delivery (work starts at acceptance). */
    payLater: boolean('pay_later').notNull().default(false),
    /** The one successful payment of the order (payments.id). */
    paymentId: uuid('payment_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    /** A tier order awaiting payment lapses then (TIER_ORDER_PAYMENT_HOURS after it was placed). */
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** Set once by the late job (the API derives `late` from dueAt as well). */
    lateAt: timestamp('late_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    autoCompleteAt: timestamp('auto_complete_at', { withTimezone: true }),
    extraRevisionNote: text('extra_revision_note'),
    extraRevisionRequestedAt: timestamp('extra_revision_requested_at', { withTimezone: true }),
    cancellationRequestedBy: orderSide('cancellation_requested_by'),
    cancellationReason: text('cancellation_reason'),
    cancellationRequestedAt: timestamp('cancellation_requested_at', { withTimezone: true }),
    cancellationRespondBy: timestamp('cancellation_respond_by', { withTimezone: true }),
    /** The editor's pending request for more days (cleared when answered, lapsed or the order moves on). */
    extensionDays: integer('extension_days'),
    extensionReason: text('extension_reason'),
    extensionRequestedAt: timestamp('extension_requested_at', { withTimezone: true }),
    extensionRespondBy: timestamp('extension_respond_by', { withTimezone: true }),
    /** A side's pending proposal to complete for less than was paid (the difference refunded). */
    settlementProposedBy: orderSide('settlement_proposed_by'),
    settlementAmountPaise: integer('settlement_amount_paise'),
    settlementReason: text('settlement_reason'),
    settlementProposedAt: timestamp('settlement_proposed_at', { withTimezone: true }),
    settlementRespondBy: timestamp('settlement_respond_by', { withTimezone: true }),
    /** The open dispute (disputes.id) that freezes the order: no auto-complete, no clearing. */
    disputeId: uuid('dispute_id'),
    /** Admins decided a dispute of this order against the editor (public track record). */
    disputeLostAt: timestamp('dispute_lost_at', { withTimezone: true }),
    /** A completed order may be disputed until then (DISPUTE_WINDOW_DAYS after completion). */
    disputableUntil: timestamp('disputable_until', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: orderActor('cancelled_by'),
    cancelNote: text('cancel_note'),
    // Millisecond precision, so a JavaScript Date carries it exactly into the listing cursor.
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_uq').on(t.number),
    uniqueIndex('orders_payment_uq')
      .on(t.paymentId)
      .where(sql`${t.paymentId} is not null`),
    // Listings, newest first: each side's own, a room's, and every order for admins (by status too).
    index('orders_creator_created_idx').on(t.creatorId, t.createdAt, t.id),
    index('orders_editor_created_idx').on(t.editorId, t.createdAt, t.id),
    index('orders_room_created_idx').on(t.roomId, t.createdAt, t.id),
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    // Admin's "late" filter: orders in progress by due date.
    index('orders_in_progress_due_idx')
      .on(t.dueAt)
      .where(sql`${t.status} = 'in_progress'`),
  ],
);

/** The append-only timeline of an order: who did what, when. Never updated or deleted. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    type: text('type').notNull(),
    actor: orderActor('actor').notNull(),
    actorId: uuid('actor_id'),
    note: text('note'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_seq_idx').on(t.orderId, t.seq)],
);
