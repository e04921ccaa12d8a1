import { sql } from 'drizzle-orm';
import { PgDialect, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE } from '@cutroom/contracts';
import { HttpError } from './http-error';
import { cursorPageQuery, encodeCursor, keysetTime, olderThan, pageOf, readCursor } from './pagination';

const ID = '0b7c9a52-3f4e-4d61-9a8b-1c2d3e4f5a6b';
const AT = '2026-03-01T10:20:30.123456Z';

describe('cursor pagination', () => {
  it('takes a limit up to the hard maximum, with a default, and refuses the rest', () => {
    const query = cursorPageQuery(20);
    expect(query.parse({})).toEqual({ limit: 20 });
    expect(query.parse({ limit: '100', cursor: 'abc' })).toEqual({ limit: 100, cursor: 'abc' });
    expect(cursorPageQuery().parse({}).limit).toBe(50);
    for (const limit of ['0', String(MAX_PAGE_SIZE + 1), '2.5', 'ten']) {
      expect(query.safeParse({ limit }).success).toBe(false);
    }
    expect(query.safeParse({ cursor: 'x'.repeat(201) }).success).toBe(false);
  });

  it('reads back the cursors it writes, to the microsecond', () => {
    expect(readCursor(encodeCursor({ at: AT, id: ID }))).toEqual({ at: AT, id: ID });
    expect(readCursor(undefined)).toBeUndefined();
    expect(readCursor('')).toBeUndefined();
  });

  it('refuses anything else with 400 Invalid cursor', () => {
    const forged = [
      'not-a-cursor',
      encodeCursor({ at: '2026-03-01T10:20:30.123Z', id: ID }),
      encodeCursor({ at: '2026-13-01T10:20:30.123456Z', id: ID }),
      encodeCursor({ at: '0000-01-01T00:00:00.000000Z', id: ID }),
      encodeCursor({ at: AT, id: 'not-a-uuid' }),
      encodeCursor({ at: AT, id: ID.toUpperCase() }),
    ];
    for (const cursor of forged) {
      let error: unknown;
      try {
        readCursor(cursor);
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ statusCode: 400, message: 'Invalid cursor' });
    }
  });

  it('cuts limit + 1 rows to a page and gives the next cursor only when there is more', () => {
    const rows = [1, 2, 3].map((n) => ({ n, at: AT, id: ID }));
    const full = pageOf(rows, 2, (r) => r);
    expect(full.data.map((r) => r.n)).toEqual([1, 2]);
    expect(readCursor(full.nextCursor!)).toEqual({ at: AT, id: ID });
    expect(pageOf(rows.slice(0, 2), 2, (r) => r)).toEqual({ data: rows.slice(0, 2), nextCursor: null });
    expect(pageOf([], 2, (r) => r)).toEqual({ data: [], nextCursor: null });
  });

  it('compares (time, id) as one key, against the full-precision time', () => {
    const t = pgTable('t', { id: uuid('id'), createdAt: timestamp('created_at', { withTimezone: true }) });
    const dialect = new PgDialect();
    expect(olderThan(undefined, t.createdAt, t.id)).toBeUndefined();
    const where = dialect.sqlToQuery(olderThan({ at: AT, id: ID }, t.createdAt, t.id)!);
    expect(where.sql).toBe('("t"."created_at", "t"."id") < ($1::timestamptz, $2::uuid)');
    expect(where.params).toEqual([AT, ID]);
    expect(dialect.sqlToQuery(sql`${keysetTime(t.createdAt)}`).sql).toContain('HH24:MI:SS.US');
  });
});
