import { desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SupportReply } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { supportTicketReplies, users } from '../../db/schema';

type ReplyRow = typeof supportTicketReplies.$inferSelect;

const replyAuthor = alias(users, 'support_reply_author');

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

/**
 * The replies of these tickets, oldest first within each, with each ticket's count; at most `perTicket`
 * (the newest) for each. One statement, whatever the number of tickets.
 */
export async function repliesOf(
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
