import { sql } from 'drizzle-orm';
import type { RatingSummary } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { editorRatings, reviews, users } from '../../db/schema';
import { rescoreEditor } from '../portfolio';

type ReviewRow = typeof reviews.$inferSelect;

/**
 * Adds a review to its editor's aggregates (sign 1: written or shown again) or takes it out (-1: hidden),
 * in the caller's transaction: the count and sum on the users row (cards and sorting) and the distribution
 * and sub-ratings in editor_ratings (the portfolio page), then the sort keys. Incremental: no page view and
 * no review ever re-reads an editor's reviews.
 */
export async function countReview(tx: Db, review: ReviewRow, sign: 1 | -1): Promise<void> {
  await tx.execute(sql`
    update ${users} set rating_count = rating_count + ${sign}, rating_sum = rating_sum + ${sign * review.rating}
    where ${users.id} = ${review.editorId}`);
  const part = (value: number | null) => ({ sum: sign * (value ?? 0), count: value === null ? 0 : sign });
  const c = part(review.communication);
  const q = part(review.quality);
  const t = part(review.onTime);
  const star = (n: number) => (review.rating === n ? sign : 0);
  await tx.execute(sql`
    insert into ${editorRatings} (editor_id, stars_1, stars_2, stars_3, stars_4, stars_5,
      communication_sum, communication_count, quality_sum, quality_count, on_time_sum, on_time_count)
    values (${review.editorId}, ${star(1)}, ${star(2)}, ${star(3)}, ${star(4)}, ${star(5)},
      ${c.sum}, ${c.count}, ${q.sum}, ${q.count}, ${t.sum}, ${t.count})
    on conflict (editor_id) do update set
      stars_1 = ${editorRatings}.stars_1 + excluded.stars_1, stars_2 = ${editorRatings}.stars_2 + excluded.stars_2,
      stars_3 = ${editorRatings}.stars_3 + excluded.stars_3, stars_4 = ${editorRatings}.stars_4 + excluded.stars_4,
      stars_5 = ${editorRatings}.stars_5 + excluded.stars_5,
      communication_sum = ${editorRatings}.communication_sum + excluded.communication_sum,
      communication_count = ${editorRatings}.communication_count + excluded.communication_count,
      quality_sum = ${editorRatings}.quality_sum + excluded.quality_sum,
      quality_count = ${editorRatings}.quality_count + excluded.quality_count,
      on_time_sum = ${editorRatings}.on_time_sum + excluded.on_time_sum,
      on_time_count = ${editorRatings}.on_time_count + excluded.on_time_count`);
  await rescoreEditor(tx, review.editorId);
}

const average = (sum: number, count: number) => (count > 0 ? Math.round((sum / count) * 10) / 10 : null);

/** The portfolio page's summary: two primary-key reads. */
export async function ratingSummary(db: Db, editorId: string): Promise<RatingSummary> {
  const [[totals], [r]] = await Promise.all([
    db
      .select({ count: users.ratingCount, sum: users.ratingSum })
      .from(users)
      .where(sql`${users.id} = ${editorId}`),
    db
      .select()
      .from(editorRatings)
      .where(sql`${editorRatings.editorId} = ${editorId}`),
  ]);
  const count = totals?.count ?? 0;
  return {
    average: average(totals?.sum ?? 0, count),
    count,
    distribution: [5, 4, 3, 2, 1].map((stars) => ({
      stars,
      count: r ? (r[`stars${stars}` as `stars${1 | 2 | 3 | 4 | 5}`] ?? 0) : 0,
    })),
    communication: r ? average(r.communicationSum, r.communicationCount) : null,
    quality: r ? average(r.qualitySum, r.qualityCount) : null,
    onTime: r ? average(r.onTimeSum, r.onTimeCount) : null,
  };
}
