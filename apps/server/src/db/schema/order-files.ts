import {
  bigint,
  index,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ORDER_FILE_KINDS, ORDER_FILE_STATUSES, type VideoFacts } from '@cutroom/contracts';
import { orders } from './orders';
import { users } from './users';

export const orderFileKind = pgEnum('order_file_kind', ORDER_FILE_KINDS);
export const orderFileStatus = pgEnum('order_file_status', ORDER_FILE_STATUSES);

/**
 * A file one side of an order sent through a resumable (tus) upload. The row is written when the upload
 * is created, so the per-order limit counts uploads still under way; the bytes sit in the tus store until
 * they are whole, then in private storage under `storageKey`, never served but by the files routes.
 */
export const orderFiles = pgTable(
  'order_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: orderFileKind('kind').notNull(),
    status: orderFileStatus('status').notNull().default('uploading'),
    uploaderId: uuid('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uploaderRole: text('uploader_role').$type<'creator' | 'editor'>().notNull(),
    /** The upload's id in the tus store and in its URL (/api/uploads/{tusId}). */
    tusId: text('tus_id').notNull(),
    /** The name the uploader's browser gave, cleaned; only ever displayed. */
    name: text('name').notNull(),
    /** The type the uploader claimed (Upload-Metadata filetype); what the bytes are is `mimeType`. */
    claimedType: text('claimed_type'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** A delivery's note to the creator (Upload-Metadata `note`), screened when the delivery is made. */
    note: text('note'),
    storageKey: text('storage_key'),
    mimeType: text('mime_type'),
    sha256: text('sha256'),
    video: jsonb('video').$type<VideoFacts>(),
    rejectedReason: text('rejected_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** An unfinished upload is removed after this. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When both sides were told this footage is about to be deleted (FOOTAGE_RETENTION_NOTICE_DAYS). */
    retentionNoticeAt: timestamp('retention_notice_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('order_files_tus_uq').on(t.tusId),
    index('order_files_order_idx').on(t.orderId, t.createdAt),
    index('order_files_open_idx').on(t.status, t.expiresAt),
  ],
);
