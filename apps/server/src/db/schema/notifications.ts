import { sql } from 'drizzle-orm';
import { index, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS } from '@cutroom/contracts/notifications';
import { chatRooms } from './chat';
import { orders } from './orders';
import { users } from './users';

export const notificationKind = pgEnum('notification_kind', NOTIFICATION_KINDS);

/**
 * One line in a person's bell. When the person wants that kind by e-mail, a `notify.mail` job sends the
 * mail rendered from `mail` (the template's data) and stamps `emailed_at`, so a job run again after a
 * crash does not send it twice. `dedupe_key` makes one event one line, however often its producer runs.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: notificationKind('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    roomId: uuid('room_id').references(() => chatRooms.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    dedupeKey: text('dedupe_key').notNull(),
    /** The e-mail template's data (mail/types.ts MailData); null for lines never mailed. */
    mail: jsonb('mail').$type<Record<string, unknown>>(),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    /** While a runner sends the mail: no other runner may send it before this time. */
    sendingUntil: timestamp('sending_until', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notifications_dedupe_uq').on(t.userId, t.dedupeKey),
    index('notifications_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/**
 * A person's e-mail choices: the kinds turned off, and the key that signs their one-click unsubscribe
 * links (random per person, so no server-wide secret is needed and a key can be rotated alone).
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailOff: text('email_off')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  unsubscribeKey: text('unsubscribe_key').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
