import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { users } from './users';

/**
 * A creator's review of one completed order (at most one per order). Stars are 1–5; the sub-ratings are
 * optional. Hiding (admins) keeps the row and takes it out of every average; the audit log says who and why.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    editorId: uuid('editor_id')
      .notNull()
      .references(() => users.id),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id),
    rating: smallint('rating').notNull(),
    communication: smallint('communication'),
    quality: smallint('quality'),
    onTime: smallint('on_time'),
    text: text('text').notNull().default(''),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_order_uq').on(t.orderId),
    // The portfolio page's list (visible, newest first) and the admin's list.
    index('reviews_editor_visible_idx')
      .on(t.editorId, sql`${t.createdAt} desc`, sql`${t.id} desc`)
      .where(sql`${t.hiddenAt} is null`),
    index('reviews_created_idx').on(sql`${t.createdAt} desc`, sql`${t.id} desc`),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check(
      'reviews_sub_ratings_range',
      sql`coalesce(${t.communication}, 1) between 1 and 5 and coalesce(${t.quality}, 1) between 1 and 5 and coalesce(${t.onTime}, 1) between 1 and 5`,
    ),
  ],
);

export const reviewModerationAction = pgEnum('review_moderation_action', ['hidden', 'shown']);

/** Every hide and unhide of a review, by whom and why: append-only. */
export const reviewModerationEvents = pgTable(
  'review_moderation_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id),
    action: reviewModerationAction('action').notNull(),
    reason: text('reason').notNull(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('review_moderation_events_review_idx').on(t.reviewId, t.createdAt)],
);

/**
 * An editor's visible reviews, aggregated as they change (modules/reviews/aggregates.ts): the star
 * distribution and each sub-rating's sum and count, so the portfolio page reads one row.
 */
export const editorRatings = pgTable('editor_ratings', {
  editorId: uuid('editor_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  stars1: integer('stars_1').notNull().default(0),
  stars2: integer('stars_2').notNull().default(0),
  stars3: integer('stars_3').notNull().default(0),
  stars4: integer('stars_4').notNull().default(0),
  stars5: integer('stars_5').notNull().default(0),
  communicationSum: integer('communication_sum').notNull().default(0),
  communicationCount: integer('communication_count').notNull().default(0),
  qualitySum: integer('quality_sum').notNull().default(0),
  qualityCount: integer('quality_count').notNull().default(0),
  onTimeSum: integer('on_time_sum').notNull().default(0),
  onTimeCount: integer('on_time_count').notNull().default(0),
});
