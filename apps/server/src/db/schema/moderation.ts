import { index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { MODERATION_SOURCES, MODERATION_STATUSES, REFUSAL_PLACES } from '@cutroom/contracts/moderation';
import { chatMessages, chatRooms } from './chat';
import { orders } from './orders';
import { reviews } from './reviews';
import { users } from './users';

export const moderationSource = pgEnum('moderation_source', MODERATION_SOURCES);
export const moderationStatus = pgEnum('moderation_status', MODERATION_STATUSES);

/**
 * Text the contact-detail detector found suspicious (not certain): it was delivered, and waits here for an
 * admin to dismiss it or act. The excerpt keeps what was written even after the message is removed.
 */
export const moderationFlags = pgTable(
  'moderation_flags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    source: moderationSource('source').notNull(),
    status: moderationStatus('status').notNull().default('open'),
    kind: text('kind'),
    reason: text('reason').notNull(),
    excerpt: text('excerpt').notNull(),
    match: text('match'),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    chatRoomId: uuid('chat_room_id').references(() => chatRooms.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => chatMessages.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedById: uuid('resolved_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('moderation_flags_queue_idx').on(t.status, t.createdAt, t.id)],
);

export const refusalPlace = pgEnum('contact_refusal_place', REFUSAL_PLACES);

/**
 * Each text the contact-detail screen refused: who tried, where, when and what kind of detail it was —
 * never the text itself (it was refused so that nobody would keep it). Admins see the people who try
 * again and again.
 */
export const contactRefusals = pgTable(
  'contact_refusals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    place: refusalPlace('place').notNull(),
    kind: text('kind'),
    reason: text('reason').notNull(),
    chatRoomId: uuid('chat_room_id').references(() => chatRooms.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    reviewId: uuid('review_id').references(() => reviews.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_refusals_author_idx').on(t.authorId, t.createdAt)],
);
