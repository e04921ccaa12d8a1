import { and, desc, eq, sql } from 'drizzle-orm';
import {
  SUPPORT_LIMITS,
  SUPPORT_MESSAGES,
  supportTicketReference,
  type MemberSupportTicket,
  type MemberSupportTicketPage,
} from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { orders, supportTickets } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { isUuid } from '../portfolio';
import { repliesOf } from './replies';
import { ticketOrder } from './service';

/*
 * A member's own tickets (issue 25): every query is bound to the session's account, so another member's
 * ticket is answered like one that does not exist (404). Replies come without the admin's name or the
 * mail bookkeeping: the member sees what the Cutroom team answered and when.
 */

/** Tickets with their linked order; each caller's filter names the member. */
function selectMine(db: Db) {
  return db
    .select({ ticket: supportTickets, order: { number: orders.number, title: orders.title } })
    .from(supportTickets)
    .leftJoin(orders, eq(orders.id, supportTickets.orderId))
    .$dynamic();
}

type MineRow = Awaited<ReturnType<ReturnType<typeof selectMine>['execute']>>[number];

async function toMemberTickets(db: Db, rows: MineRow[], perTicket: number | null) {
  const replies = await repliesOf(
    db,
    rows.map((r) => r.ticket.id),
    perTicket,
  );
  return rows.map(({ ticket, order }): MemberSupportTicket => {
    const entry = replies.get(ticket.id)!;
    return {
      _id: ticket.id,
      reference: supportTicketReference(ticket.number),
      subject: ticket.subject,
      message: ticket.message,
      status: ticket.status,
      createdAt: ticket.createdAt.toISOString(),
      closedAt: ticket.closedAt?.toISOString() ?? null,
      order: ticketOrder(ticket.orderId, order),
      replyCount: entry.count,
      replies: entry.replies.map((r) => ({ _id: r._id, message: r.message, createdAt: r.createdAt })),
    };
  });
}

/**
 * The member's tickets, newest first. `before` is the last ticket of the previous page; it is compared
 * in SQL with that ticket's own (createdAt, id), so microsecond timestamps neither skip nor repeat one.
 */
export async function listMemberTickets(
  db: Db,
  userId: string,
  query: { limit: number; before?: string },
): Promise<MemberSupportTicketPage> {
  const t = supportTickets;
  const after = query.before
    ? sql`(${t.createdAt}, ${t.id}) < (select c.created_at, c.id from ${t} c where c.id = ${query.before} and c.user_id = ${userId})`
    : undefined;
  const rows = await selectMine(db)
    .where(and(eq(t.userId, userId), after))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    data: await toMemberTickets(db, page, SUPPORT_LIMITS.repliesInList),
    nextCursor: rows.length > query.limit ? page[page.length - 1]!.ticket.id : null,
  };
}

/** One of the member's tickets with every reply; 404 for another's or a missing one. */
export async function getMemberTicket(
  db: Db,
  userId: string,
  ticketId: string,
): Promise<MemberSupportTicket> {
  if (!isUuid(ticketId)) throw notFound(SUPPORT_MESSAGES.notFound);
  const rows = await selectMine(db).where(
    and(eq(supportTickets.userId, userId), eq(supportTickets.id, ticketId)),
  );
  if (rows.length === 0) throw notFound(SUPPORT_MESSAGES.notFound);
  const [ticket] = await toMemberTickets(db, rows, null);
  return ticket!;
}
