import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  REPEAT_OFFENDER_MIN_REFUSALS,
  type ContactRefusalReport,
  type ModerationPerson,
  type RefusalPlace,
  type RepeatOffendersPage,
  type RepeatOffendersQuery,
} from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { chatRooms, contactRefusals, orders, reviews, users } from '../../db/schema';
import type { ContentRefused } from '../../events';
import { screenPublicText, screenText } from '../../lib/contact-screen';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu;
/** How many of a person's latest attempts the list shows. */
const RECENT = 5;
const WEEK_MS = 7 * 86_400_000;

/**
 * The id of an existing row, or null: a refused text may name a room or an order that does not exist (it
 * was refused before anything else was checked), and the attempt is recorded all the same.
 */
function existing(table: typeof chatRooms | typeof orders | typeof reviews, id: string | null | undefined) {
  if (!id || !UUID.test(id)) return null;
  return sql<string | null>`(select ${table.id} from ${table} where ${table.id} = ${id})`;
}

/** Stores one refused attempt: who, where, when and the kind — the text itself is not kept. */
export async function recordContactRefusal(db: Db, refused: ContentRefused): Promise<void> {
  await db.insert(contactRefusals).values({
    authorId: refused.authorId,
    place: refused.place.source,
    kind: refused.kind?.slice(0, 40) ?? null,
    reason: refused.reason.slice(0, 300),
    chatRoomId: existing(chatRooms, refused.place.roomId),
    orderId: existing(orders, refused.place.orderId),
    reviewId: existing(reviews, refused.place.reviewId),
  });
}

/**
 * A text the page refused, screened again with the server's own gate for its place (public text is
 * refused when only suspicious): throws ContactRefused when refused, which the error handler records.
 */
export function screenReported(report: ContactRefusalReport): void {
  const { place: source, text, roomId, orderId, reviewId } = report;
  const place = { source, roomId, orderId, reviewId };
  if (source === 'review' || source === 'review_reply') screenPublicText(place, text);
  else screenText(place, text);
}

/** People refused at least REPEAT_OFFENDER_MIN_REFUSALS times, most attempts first, then latest. */
export async function listRepeatOffenders(db: Db, query: RepeatOffendersQuery): Promise<RepeatOffendersPage> {
  const weekAgo = new Date(Date.now() - WEEK_MS);
  const total = sql<number>`count(*)::int`;
  const last = sql<Date>`max(${contactRefusals.createdAt})`;
  const rows = await db
    .select({
      authorId: contactRefusals.authorId,
      username: users.username,
      role: users.role,
      refusals: total,
      lastWeek: sql<number>`(count(*) filter (where ${contactRefusals.createdAt} >= ${weekAgo}))::int`,
      lastAt: last,
    })
    .from(contactRefusals)
    .innerJoin(users, eq(users.id, contactRefusals.authorId))
    .groupBy(contactRefusals.authorId, users.username, users.role)
    .having(gte(total, REPEAT_OFFENDER_MIN_REFUSALS))
    .orderBy(desc(total), desc(last), contactRefusals.authorId)
    .limit(query.limit);
  if (rows.length === 0) return { data: [] };
  const ids = rows.map((r) => r.authorId);
  const [places, recent] = await Promise.all([
    db
      .select({ authorId: contactRefusals.authorId, place: contactRefusals.place, count: total })
      .from(contactRefusals)
      .where(inArray(contactRefusals.authorId, ids))
      .groupBy(contactRefusals.authorId, contactRefusals.place),
    // Each person's latest few, numbered in the database so a prolific one costs no more than the rest.
    db
      .select({
        authorId: sql<string>`r.author_id`,
        place: sql<RefusalPlace>`r.place`,
        kind: sql<string | null>`r.kind`,
        reason: sql<string>`r.reason`,
        createdAt: sql<Date>`r.created_at`,
      })
      .from(
        sql`(select author_id, place, kind, reason, created_at,
               row_number() over (partition by author_id order by created_at desc, id desc) as n
             from ${contactRefusals} where ${inArray(contactRefusals.authorId, ids)}) as r`,
      )
      .where(and(sql`r.n <= ${RECENT}`))
      .orderBy(sql`r.created_at desc`),
  ]);
  return {
    data: rows.map((r) => ({
      person: { _id: r.authorId, username: r.username, role: r.role as ModerationPerson['role'] },
      refusals: Number(r.refusals),
      lastWeek: Number(r.lastWeek),
      lastAt: new Date(r.lastAt).toISOString(),
      places: places
        .filter((p) => p.authorId === r.authorId)
        .map((p) => ({ place: p.place, count: Number(p.count) }))
        .sort((a, b) => b.count - a.count),
      recent: recent
        .filter((a) => a.authorId === r.authorId)
        .map((a) => ({
          place: a.place,
          kind: a.kind,
          reason: a.reason,
          createdAt: new Date(a.createdAt).toISOString(),
        })),
    })),
  };
}
