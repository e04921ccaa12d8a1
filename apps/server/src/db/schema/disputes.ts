import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DISPUTE_DECISIONS, DISPUTE_REASONS, DISPUTE_STATUSES } from '@cutroom/contracts/disputes';
import { orderSide, orders } from './orders';
import { users } from './users';

export const disputeReason = pgEnum('dispute_reason', DISPUTE_REASONS);
export const disputeStatus = pgEnum('dispute_status', DISPUTE_STATUSES);
export const disputeDecision = pgEnum('dispute_decision', DISPUTE_DECISIONS);

/**
 * A side's dispute on an order (module disputes). Its status moves only through disputes/states.ts; while
 * it is open the order carries its id in `orders.dispute_id` (written by orders), which freezes it.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    openedBy: orderSide('opened_by').notNull(),
    openedById: uuid('opened_by_id')
      .notNull()
      .references(() => users.id),
    reason: disputeReason('reason').notNull(),
    statement: text('statement').notNull(),
    status: disputeStatus('status').notNull().default('awaiting_response'),
    respondBy: timestamp('respond_by', { withTimezone: true }).notNull(),
    responseStatement: text('response_statement'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    decision: disputeDecision('decision'),
    /** Paise refunded by a partial refund. */
    decisionAmountPaise: integer('decision_amount_paise'),
    decisionNote: text('decision_note'),
    decidedById: uuid('decided_by_id').references(() => users.id),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open dispute per order.
    uniqueIndex('disputes_open_order_uq')
      .on(t.orderId)
      .where(sql`${t.status} in ('awaiting_response', 'answered', 'with_admins')`),
    index('disputes_order_idx').on(t.orderId, t.createdAt),
    // The admins' queue: open ones, oldest first.
    index('disputes_status_created_idx').on(t.status, t.createdAt, t.id),
    check(
      'disputes_decided_has_decision',
      sql`(${t.status} = 'decided') = (${t.decision} is not null and ${t.decisionNote} is not null)`,
    ),
    check(
      'disputes_partial_has_amount',
      sql`(${t.decision} = 'partial_refund') = (${t.decisionAmountPaise} is not null and ${t.decisionAmountPaise} > 0)`,
    ),
  ],
);

/** What a side cites: a chat message of the order's room or a delivery of the order, as it read then. */
export const disputeEvidence = pgTable(
  'dispute_evidence',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    disputeId: uuid('dispute_id')
      .notNull()
      .references(() => disputes.id),
    side: orderSide('side').notNull(),
    // No foreign keys: the summary keeps what was cited even if the room or the file goes later.
    messageId: uuid('message_id'),
    deliveryId: uuid('delivery_id'),
    // An attached file: private storage's key, the type sniffed from its bytes, its size and SHA-256.
    fileKey: text('file_key'),
    fileType: text('file_type'),
    fileBytes: integer('file_bytes'),
    fileSha256: text('file_sha256'),
    summary: text('summary').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('dispute_evidence_dispute_idx').on(t.disputeId, t.createdAt),
    check('dispute_evidence_one_kind', sql`num_nonnulls(${t.messageId}, ${t.deliveryId}, ${t.fileKey}) = 1`),
    check(
      'dispute_evidence_file_whole',
      sql`(${t.fileKey} is null) = (${t.fileType} is null) and (${t.fileKey} is null) = (${t.fileBytes} is null) and (${t.fileKey} is null) = (${t.fileSha256} is null)`,
    ),
  ],
);
