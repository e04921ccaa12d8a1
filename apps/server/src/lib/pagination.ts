import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@cutroom/contracts';
import { badRequest } from './http-error';

/**
 * The one pagination style for new lists (docs/api.md, Pagination): newest first, a keyset cursor over
 * (a timestamp column, id), `?limit=&cursor=` in, `{ data, nextCursor }` out with `nextCursor: null` on
 * the last page. A cursor stays right while rows are added (no page shifts, unlike page numbers) and
 * costs one index range scan however deep (unlike OFFSET). Older lists keep their own styles for now.
 *
 *   const query = cursorPageQuery().extend({ status: … });           // the route's querystring schema
 *   const rows = await db.select({ row: t, at: keysetTime(t.createdAt) }).from(t)
 *     .where(and(filters, olderThan(readCursor(q.cursor), t.createdAt, t.id)))
 *     .orderBy(desc(t.createdAt), desc(t.id)).limit(q.limit + 1);   // one extra: is there a next page?
 *   return pageOf(rows, q.limit, (r) => ({ at: r.at, id: r.row.id }));
 */

/** `?limit=&cursor=`: `limit` from 1 to MAX_PAGE_SIZE (outside it: 400, never clamped). */
export const cursorPageQuery = (defaultLimit = DEFAULT_PAGE_SIZE) =>
  z.object({
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(defaultLimit),
    cursor: z.string().max(200).optional(),
  });
export type CursorPageQuery = z.infer<ReturnType<typeof cursorPageQuery>>;

/** The reply: one page, and the cursor of the next (null on the last page). */
export interface CursorPage<T> {
  data: T[];
  nextCursor: string | null;
}

/** Where a page ends: its last row's time, as the database wrote it to the microsecond, and id. */
export interface Keyset {
  at: string;
  id: string;
}

/**
 * The column's time as UTC text to the microsecond, to select beside the row for its cursor. A JavaScript
 * Date keeps only milliseconds: a cursor made from one would skip rows created in the same millisecond.
 */
export const keysetTime = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const encodeCursor = (key: Keyset) => Buffer.from(`${key.at}|${key.id}`).toString('base64url');

const AT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A timestamp that names a real instant (no month 13, no year 0), so the database takes it. */
function isRealInstant(at: string): boolean {
  const millis = new Date(`${at.slice(0, 23)}Z`);
  return (
    !Number.isNaN(millis.getTime()) &&
    at.slice(0, 4) !== '0000' &&
    millis.toISOString().slice(0, 23) === at.slice(0, 23)
  );
}

/**
 * The cursor a client sent back, or undefined for the first page. Anything that is not one of ours is a
 * 400 `Invalid cursor`, checked here so that it never reaches the database as a bad uuid or date (a 500).
 */
export function readCursor(cursor: string | undefined): Keyset | undefined {
  if (!cursor) return undefined;
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !id || !AT.test(at) || !ID.test(id) || !isRealInstant(at)) {
    throw badRequest('Invalid cursor');
  }
  return { at, id };
}

/** The rows after the cursor in newest-first order (`orderBy(desc(at), desc(id))`); undefined: no cursor. */
export function olderThan(cursor: Keyset | undefined, at: AnyColumn, id: AnyColumn): SQL | undefined {
  if (!cursor) return undefined;
  return sql`(${at}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
}

/** Cuts the `limit + 1` rows a query fetched down to one page, with the next page's cursor. */
export function pageOf<Row>(rows: Row[], limit: number, keyOf: (row: Row) => Keyset): CursorPage<Row> {
  const data = rows.slice(0, limit);
  return { data, nextCursor: rows.length > limit ? encodeCursor(keyOf(data.at(-1)!)) : null };
}
