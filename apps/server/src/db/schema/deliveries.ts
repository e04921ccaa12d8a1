import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { chatRooms } from './chat';
import { jobs } from './jobs';
import { payments } from './payments';
import { orders } from './orders';
import { tierTitle } from './portfolio';
import { users } from './users';

export const deliveryStatus = pgEnum('delivery_status', ['sent', 'changes_requested', 'approved']);
export const previewStatus = pgEnum('delivery_preview_status', ['processing', 'ready', 'failed']);

/**
 * A deliverable an editor sent into a chat room. The original sits in private storage under an
 * unguessable key and leaves it only for the room's creator once `paymentId` names a payment that still
 * covers it (or for an admin); the preview and poster are separate, watermarked files, also private.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    /** The room's pair, kept here so that payments can find deliveries without a join. */
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    editorId: uuid('editor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1, 2, 3… within the room. */
    number: integer('number').notNull(),
    /** The order's tier when the delivery was sent; null for a custom offer without one. */
    tier: tierTitle('tier'),
    /** The order this delivery is for (orders.id); deliveries from before orders got one in migration 0016. */
    cutroomOrderId: uuid('cutroom_order_id').references(() => orders.id),
    note: text('note').notNull().default(''),
    status: deliveryStatus('status').notNull().default('sent'),
    changesNote: text('changes_note'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    originalKey: text('original_key').notNull(),
    mimeType: text('mime_type').notNull(),
    mediaKind: text('media_kind').$type<'image' | 'video'>().notNull(),
    /** Up to DELIVERY_MAX_BYTES (10 GB by default) since deliveries come through resumable uploads. */
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    previewStatus: previewStatus('preview_status').notNull().default('processing'),
    previewKey: text('preview_key'),
    posterKey: text('poster_key'),
    previewError: text('preview_error'),
    previewJobId: uuid('preview_job_id').references(() => jobs.id, { onDelete: 'set null' }),
    /** The payment that covers this delivery; a payment covers at most one delivery. */
    paymentId: uuid('payment_id').references(() => payments.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deliveries_room_number_uq').on(t.roomId, t.number),
    index('deliveries_order_idx').on(t.cutroomOrderId, t.number),
    uniqueIndex('deliveries_payment_uq')
      .on(t.paymentId)
      .where(sql`${t.paymentId} is not null`),
    // "The first approved delivery of this pair still waiting for a payment."
    index('deliveries_pair_unpaid_idx')
      .on(t.creatorId, t.editorId, t.decidedAt)
      .where(sql`${t.status} = 'approved' and ${t.paymentId} is null`),
  ],
);
