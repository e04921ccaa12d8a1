import { sql } from 'drizzle-orm';
import { RESPONSE_TIME_MIN_CHATS, type Editor } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { chatRooms, users } from '../../db/schema';
import { mediaUrl } from './shape';

/** The users columns an editor card shows besides the portfolio. */
export const catalogueColumns = {
  id: users.id,
  username: users.username,
  createdAt: users.createdAt,
  photoKey: users.photoKey,
  photoThumbKey: users.photoThumbKey,
  verifiedAt: users.verifiedAt,
  ratingCount: users.ratingCount,
  ratingSum: users.ratingSum,
  completedOrders: users.completedOrders,
  onTimeOrders: users.onTimeOrders,
  disputesLost: users.disputesLost,
  priceFrom: users.priceFrom,
  fastestDays: users.fastestDays,
};

type CatalogueRow = Pick<typeof users.$inferSelect, keyof typeof catalogueColumns>;

/** How many of the editor's newest chats the response time is taken over. */
const RESPONSE_SAMPLE = 50;

/**
 * The median time from a creator's first message to the editor's first reply, over each editor's newest
 * chats (minutes, rounded up), for editors with at least RESPONSE_TIME_MIN_CHATS such replies. One query
 * for the page: each editor's chats are read through chat_rooms' (editor, activity) index.
 */
export async function responseMinutes(db: Db, editorIds: string[]): Promise<Map<string, number>> {
  if (editorIds.length === 0) return new Map();
  const result = await db.execute(sql`
    select e.id as editor_id, count(r.gap) as replies,
      percentile_cont(0.5) within group (order by r.gap) as median_seconds
    from unnest(${sql`array[${sql.join(
      editorIds.map((id) => sql`${id}`),
      sql`, `,
    )}]::uuid[]`}) as e(id)
    cross join lateral (
      select extract(epoch from (c.first_editor_reply_at - c.first_creator_message_at)) as gap
      from ${chatRooms} c
      where c.editor_id = e.id and c.first_editor_reply_at is not null
      order by c.last_activity_at desc limit ${RESPONSE_SAMPLE}
    ) r
    group by e.id`);
  const out = new Map<string, number>();
  for (const row of (
    result as unknown as {
      rows: { editor_id: string; replies: string | number; median_seconds: string | number }[];
    }
  ).rows) {
    if (Number(row.replies) >= RESPONSE_TIME_MIN_CHATS)
      out.set(row.editor_id, Math.max(1, Math.ceil(Number(row.median_seconds) / 60)));
  }
  return out;
}

export function toCatalogueFields(
  r: CatalogueRow,
  responseMinutes: number | null,
): Omit<Editor, '_id' | 'username' | 'portfolio'> {
  return {
    ...(r.photoKey ? { photoUrl: mediaUrl(r.photoKey) } : {}),
    ...(r.photoThumbKey ? { photoThumbUrl: mediaUrl(r.photoThumbKey) } : {}),
    verified: r.verifiedAt !== null,
    rating: {
      average: r.ratingCount > 0 ? Math.round((r.ratingSum / r.ratingCount) * 10) / 10 : null,
      count: r.ratingCount,
    },
    trackRecord: {
      completedOrders: r.completedOrders,
      onTimeRate: r.completedOrders > 0 ? r.onTimeOrders / r.completedOrders : null,
      responseMinutes,
      memberSince: r.createdAt.toISOString(),
      disputesLost: r.disputesLost,
    },
    startingPrice: r.priceFrom,
    fastestDays: r.fastestDays,
  };
}
