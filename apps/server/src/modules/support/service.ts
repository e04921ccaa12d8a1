import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  SUPPORT_LIMITS,
  SUPPORT_MESSAGES,
  orderReference,
  type AdminSupportTicket,
  type SupportReply,
  type SupportTicketFilter,
  type SupportTicketStatus,
} from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { orders, supportTicketReplies, supportTickets, users } from '../../db/schema';
import type { JobRunner } from '../../lib/jobs';
import { conflict, notFound } from '../../lib/http-error';
import { isUuid } from '../portfolio';
import { repliesOf } from './replies';
import { toTicket, type TicketRow } from './tickets';

/** The durable job that e-mails one reply to the ticket's address (see reply-mail.ts). */
export const SUPPORT_REPLY_MAIL_JOB = 'support.reply-mail';

/* ---------------------------------------------------------------------------------------------------
 * The admins' desk: status, replies.
 * ------------------------------------------------------------------------------------------------- */

const closer = alias(users, 'support_closer');
const account = alias(users, 'support_account');

/** Tickets with their closer's name, the filing account and the linked order: one statement. */
function selectTickets(db: Db) {
  return db
    .select({
      ticket: supportTickets,
      closerName: closer.username,
      account: { username: account.username, role: account.role },
      order: { number: orders.number, title: orders.title },
    })
    .from(supportTickets)
    .leftJoin(closer, eq(closer.id, supportTickets.closedBy))
    .leftJoin(account, eq(account.id, supportTickets.userId))
    .leftJoin(orders, eq(orders.id, supportTickets.orderId));
}

type TicketWithCloser = {
  ticket: TicketRow;
  closerName: string | null;
  account: { username: string; role: string } | null;
  order: { number: number; title: string } | null;
};

/** The order a ticket is about, as pages show it. */
export const ticketOrder = (orderId: string | null, order: { number: number; title: string } | null) =>
  orderId && order ? { _id: orderId, reference: orderReference(order.number), title: order.title } : null;

function toAdminTicket(
  { ticket, closerName, account: filer, order }: TicketWithCloser,
  replies: SupportReply[],
  replyCount: number,
): AdminSupportTicket {
  return {
    ...toTicket(ticket),
    account: ticket.userId && filer ? { _id: ticket.userId, ...filer } : null,
    order: ticketOrder(ticket.orderId, order),
    status: ticket.status,
    closedAt: ticket.closedAt?.toISOString() ?? null,
    closedBy: ticket.closedBy && closerName !== null ? { _id: ticket.closedBy, username: closerName } : null,
    replyCount,
    replies,
  };
}

async function withReplies(
  db: Db,
  rows: TicketWithCloser[],
  perTicket: number | null,
): Promise<AdminSupportTicket[]> {
  const replies = await repliesOf(
    db,
    rows.map((r) => r.ticket.id),
    perTicket,
  );
  return rows.map((row) => {
    const entry = replies.get(row.ticket.id)!;
    return toAdminTicket(row, entry.replies, entry.count);
  });
}

/**
 * Newest first. `before` (and `beforeId`) is the last ticket of the previous page: with the id, tickets
 * sharing its createdAt are neither skipped nor repeated. `status` picks open or closed tickets, or all.
 */
export async function listSupportTickets(
  db: Db,
  opts: { limit: number; before?: Date; beforeId?: string; status?: SupportTicketFilter },
): Promise<AdminSupportTicket[]> {
  const t = supportTickets;
  const conditions: (SQL | undefined)[] = [];
  if (opts.status && opts.status !== 'all') conditions.push(eq(t.status, opts.status));
  if (opts.before) {
    conditions.push(
      opts.beforeId
        ? or(lt(t.createdAt, opts.before), and(eq(t.createdAt, opts.before), lt(t.id, opts.beforeId)))
        : lt(t.createdAt, opts.before),
    );
  }
  const rows = await selectTickets(db)
    .where(and(...conditions))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(opts.limit);
  return withReplies(db, rows, SUPPORT_LIMITS.repliesInList);
}

/** One ticket with every reply; 404 when there is none by that id. */
export async function getSupportTicket(db: Db, ticketId: string): Promise<AdminSupportTicket> {
  if (!isUuid(ticketId)) throw notFound(SUPPORT_MESSAGES.notFound);
  const [row] = await selectTickets(db).where(eq(supportTickets.id, ticketId));
  if (!row) throw notFound(SUPPORT_MESSAGES.notFound);
  const [ticket] = await withReplies(db, [row], null);
  return ticket!;
}

/** The conditional update of a status change: it only applies to a ticket in the other status. */
function changeStatus(db: Db, ticketId: string, adminId: string, to: SupportTicketStatus) {
  const t = supportTickets;
  return db
    .update(t)
    .set(
      to === 'closed'
        ? { status: 'closed', closedAt: sql`now()`, closedBy: adminId }
        : { status: 'open', closedAt: null, closedBy: null },
    )
    .where(and(eq(t.id, ticketId), eq(t.status, to === 'closed' ? 'open' : 'closed')))
    .returning({ id: t.id });
}

/**
 * Closes or reopens a ticket. Race-safe: of two admins closing the same ticket at once, exactly one
 * closes it (and is recorded as its closer); the other is told it is already closed (409).
 */
export async function setSupportTicketStatus(
  db: Db,
  adminId: string,
  ticketId: string,
  status: SupportTicketStatus,
): Promise<AdminSupportTicket> {
  if (!isUuid(ticketId)) throw notFound(SUPPORT_MESSAGES.notFound);
  const [changed] = await changeStatus(db, ticketId, adminId, status);
  if (!changed) {
    const [exists] = await db
      .select({ id: supportTickets.id })
      .from(supportTickets)
      .where(eq(supportTickets.id, ticketId));
    if (!exists) throw notFound(SUPPORT_MESSAGES.notFound);
    throw conflict(status === 'closed' ? SUPPORT_MESSAGES.alreadyClosed : SUPPORT_MESSAGES.alreadyOpen);
  }
  return getSupportTicket(db, ticketId);
}

/**
 * Stores an admin's reply and queues its e-mail in the same transaction, so a stored reply is always
 * mailed (by the job runner, with retries) and a failed write mails nothing. With `close`, an open ticket
 * is closed in that transaction too; a ticket closed meanwhile stays closed and the reply still goes.
 */
export async function replyToSupportTicket(
  deps: { db: Db; jobs: JobRunner },
  adminId: string,
  ticketId: string,
  input: { message: string; close: boolean },
): Promise<{ ticket: AdminSupportTicket; closed: boolean }> {
  if (!isUuid(ticketId)) throw notFound(SUPPORT_MESSAGES.notFound);
  const { job, closed } = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // Locks the ticket's row against a concurrent status change until this reply is in.
    const [ticket] = await tx
      .select({ id: supportTickets.id })
      .from(supportTickets)
      .where(eq(supportTickets.id, ticketId))
      .for('update');
    if (!ticket) throw notFound(SUPPORT_MESSAGES.notFound);
    const [reply] = await tx
      .insert(supportTicketReplies)
      .values({ ticketId, authorId: adminId, message: input.message })
      .returning({ id: supportTicketReplies.id });
    const queued = await deps.jobs.enqueue(SUPPORT_REPLY_MAIL_JOB, { replyId: reply!.id }, { db: tx });
    const closedNow = input.close ? (await changeStatus(tx, ticketId, adminId, 'closed')).length > 0 : false;
    return { job: queued, closed: closedNow };
  });
  deps.jobs.dispatch(job);
  return { ticket: await getSupportTicket(deps.db, ticketId), closed };
}
