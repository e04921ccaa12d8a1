import { and, desc, eq, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  SUPPORT_LIMITS,
  SUPPORT_MESSAGES,
  connectRequestInputSchema,
  type AdminSupportTicket,
  type ConnectRequestInput,
  type SupportReply,
  type SupportTicket,
  type SupportTicketFilter,
  type SupportTicketInput,
  type SupportTicketStatus,
} from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { supportTicketReplies, supportTickets, users } from '../../db/schema';
import type { JobRunner } from '../../lib/jobs';
import { conflict, notFound } from '../../lib/http-error';
import { isUuid } from '../portfolio';

/** The durable job that e-mails one reply to the ticket's address (see reply-mail.ts). */
export const SUPPORT_REPLY_MAIL_JOB = 'support.reply-mail';

type TicketRow = typeof supportTickets.$inferSelect;
type ReplyRow = typeof supportTicketReplies.$inferSelect;

const toTicket = (row: TicketRow): SupportTicket => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  ...(row.subject ? { subject: row.subject } : {}),
  message: row.message,
  createdAt: row.createdAt.toISOString(),
});

export async function submitSupportTicket(db: Db, input: SupportTicketInput): Promise<SupportTicket> {
  const [row] = await db
    .insert(supportTickets)
    .values({
      name: input.name,
      email: input.email.toLowerCase(),
      subject: input.subject || null,
      message: input.message,
    })
    .returning();
  return toTicket(row!);
}

/** A lead from the home page's connect form, filed where admins read support tickets. */
export async function submitConnectRequest(db: Db, raw: ConnectRequestInput): Promise<SupportTicket> {
  const input = connectRequestInputSchema.parse(raw);
  const lines = [
    `Connect request from the home page.`,
    `Role: ${input.role}`,
    `Phone: ${input.phone}`,
    ...(input.followerCount !== undefined
      ? [`Followers: ${input.followerCount.toLocaleString('en-IN')}`]
      : []),
  ];
  return submitSupportTicket(db, {
    name: input.name,
    email: input.email,
    subject: `Connect request: ${input.role}`,
    message: lines.join('\n'),
  });
}

/* ---------------------------------------------------------------------------------------------------
 * The admins' desk: status, replies.
 * ------------------------------------------------------------------------------------------------- */

const closer = alias(users, 'support_closer');
const replyAuthor = alias(users, 'support_reply_author');

function selectTickets(db: Db) {
  return db
    .select({ ticket: supportTickets, closerName: closer.username })
    .from(supportTickets)
    .leftJoin(closer, eq(closer.id, supportTickets.closedBy));
}

type TicketWithCloser = { ticket: TicketRow; closerName: string | null };

const mailStatus = (r: Pick<ReplyRow, 'emailedAt' | 'mailFailedAt'>): SupportReply['mail'] => ({
  status: r.emailedAt ? 'sent' : r.mailFailedAt ? 'failed' : 'sending',
  sentAt: r.emailedAt?.toISOString() ?? null,
});

function toReply(r: ReplyRow, authorName: string | null): SupportReply {
  return {
    _id: r.id,
    message: r.message,
    author: r.authorId && authorName !== null ? { _id: r.authorId, username: authorName } : null,
    createdAt: r.createdAt.toISOString(),
    mail: mailStatus(r),
  };
}

function toAdminTicket(
  { ticket, closerName }: TicketWithCloser,
  replies: SupportReply[],
  replyCount: number,
): AdminSupportTicket {
  return {
    ...toTicket(ticket),
    status: ticket.status,
    closedAt: ticket.closedAt?.toISOString() ?? null,
    closedBy: ticket.closedBy && closerName !== null ? { _id: ticket.closedBy, username: closerName } : null,
    replyCount,
    replies,
  };
}

/**
 * The replies of these tickets, oldest first within each, with each ticket's count; at most `perTicket`
 * (the newest) for each. One statement, whatever the number of tickets.
 */
async function repliesOf(
  db: Db,
  ticketIds: string[],
  perTicket: number | null,
): Promise<Map<string, { replies: SupportReply[]; count: number }>> {
  const out = new Map<string, { replies: SupportReply[]; count: number }>();
  for (const id of ticketIds) out.set(id, { replies: [], count: 0 });
  if (ticketIds.length === 0) return out;
  const r = supportTicketReplies;
  const ranked = db
    .select({
      id: r.id,
      ticketId: r.ticketId,
      authorId: r.authorId,
      message: r.message,
      createdAt: r.createdAt,
      emailedAt: r.emailedAt,
      sendingUntil: r.sendingUntil,
      mailFailedAt: r.mailFailedAt,
      rank: sql<number>`row_number() over (partition by ${r.ticketId} order by ${r.createdAt} desc, ${r.id} desc)`
        .mapWith(Number)
        .as('rank'),
      total: sql<number>`count(*) over (partition by ${r.ticketId})`.mapWith(Number).as('total'),
    })
    .from(r)
    .where(inArray(r.ticketId, ticketIds))
    .as('ranked');
  const rows = await db
    .select({
      id: ranked.id,
      ticketId: ranked.ticketId,
      authorId: ranked.authorId,
      message: ranked.message,
      createdAt: ranked.createdAt,
      emailedAt: ranked.emailedAt,
      sendingUntil: ranked.sendingUntil,
      mailFailedAt: ranked.mailFailedAt,
      total: ranked.total,
      authorName: replyAuthor.username,
    })
    .from(ranked)
    .leftJoin(replyAuthor, eq(replyAuthor.id, ranked.authorId))
    .where(perTicket === null ? undefined : lte(ranked.rank, perTicket))
    .orderBy(ranked.ticketId, desc(ranked.rank));
  for (const { total, authorName, ...reply } of rows) {
    const entry = out.get(reply.ticketId)!;
    entry.count = total;
    entry.replies.push(toReply(reply, authorName));
  }
  return out;
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
