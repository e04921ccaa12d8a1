import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { users } from './users';

/** A ticket is `open` until an admin closes it; an admin may reopen it (issue 17). */
export const supportTicketStatus = pgEnum('support_ticket_status', ['open', 'closed']);

export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Shown as T-{number}; tickets filed before numbers existed got theirs when the column was added. */
    number: bigint('number', { mode: 'number' }).generatedAlwaysAsIdentity({ startWith: 1001 }).notNull(),
    /** The signed-in account that filed it (the session's, never the form's); null for a visitor. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** One of that account's orders the ticket is about, if any. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject'),
    message: text('message').notNull(),
    status: supportTicketStatus('status').notNull().default('open'),
    /** When the ticket was last closed, and by whom; null while it is open. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A closed ticket says when it was closed; an open one does not.
    check('support_tickets_closed_at_check', sql`(${t.status} = 'closed') = (${t.closedAt} is not null)`),
    index('support_tickets_created_idx').on(t.createdAt),
    // The admin list: one status, newest first, paged by (createdAt, id).
    index('support_tickets_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('support_tickets_number_uq').on(t.number),
    // A member's own tickets in /profile, newest first, paged by (createdAt, id).
    index('support_tickets_user_created_idx')
      .on(t.userId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.userId} is not null`),
  ],
);

/**
 * An admin's answer to a ticket, e-mailed to the ticket's address by a durable job (`support.reply-mail`).
 * The job holds a lease on the reply while it sends (`sendingUntil`) and stamps `emailedAt` once the SMTP
 * server took it, so a job run twice does not mail twice; `mailFailedAt` is set when every attempt failed.
 */
export const supportTicketReplies = pgTable(
  'support_ticket_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    sendingUntil: timestamp('sending_until', { withTimezone: true }),
    mailFailedAt: timestamp('mail_failed_at', { withTimezone: true }),
  },
  (t) => [
    index('support_ticket_replies_ticket_idx').on(t.ticketId, t.createdAt),
    // Replies whose mail is still owed (an operator's query; small, partial).
    index('support_ticket_replies_unsent_idx')
      .on(t.createdAt)
      .where(sql`${t.emailedAt} is null and ${t.mailFailedAt} is null`),
  ],
);
