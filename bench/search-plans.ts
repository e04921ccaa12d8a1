import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from '../apps/server/src/db/schema';
import type { Db } from '../apps/server/src/db/client';
import {
  catalogueCountsQuery,
  cataloguePageQuery,
  catalogueSearchQuery,
} from '../apps/server/src/modules/portfolio/catalogue-query';
import { listEditors } from '../apps/server/src/modules/portfolio/editors-service';
import { editorSearchQuerySchema } from '../packages/contracts/src/portfolio';

// PostgreSQL's plans for the catalogue's own statements (captured from the service, or built by its
// query builders): what search-scale.ts reports beside each timing, so a slow figure comes with its cause.

/** EXPLAIN with `options` of one statement: the plan's text and its execution time. */
async function explain(client: pg.Client, options: string, sql: string, params: unknown[]) {
  const result = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (${options}) ${sql}`, params);
  const text = result.rows.map((r) => r['QUERY PLAN']).join('\n');
  return { text, ms: Number(text.match(/Execution Time: ([\d.]+) ms/)?.[1] ?? NaN) };
}

export interface Captured {
  sql: string;
  params: unknown[];
}

/** The exact statements the search route runs: call its service with a database handle that records them. */
export async function captureSearchSql(url: string, query: string): Promise<Captured[]> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const captured: Captured[] = [];
  try {
    const db = drizzle(pool, {
      schema,
      logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
    }) as unknown as Db;
    await listEditors(db, { page: 1, limit: 50 }, query);
  } finally {
    await pool.end();
  }
  return captured;
}

export interface Plan {
  label: string;
  ms: number;
  text: string;
}

export async function explainAll(client: pg.Client, statements: Captured[]): Promise<Plan[]> {
  const plans: Plan[] = [];
  for (const s of statements) {
    const { text, ms } = await explain(client, 'ANALYZE, BUFFERS', s.sql, s.params);
    const from = s.sql.match(/from "(\w+)"/i)?.[1] ?? '?';
    const label = /^\s*with matches/i.test(s.sql)
      ? 'page and counts of the matches'
      : /count\(/i.test(s.sql)
        ? `count over ${from}`
        : `select from ${from}`;
    plans.push({ label, ms, text });
  }
  return plans;
}

/** EXPLAIN ANALYZE of the list's statements for one query string: time and the access paths used. */
export async function explainListing(client: pg.Client, qs: string) {
  const parsed = editorSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
  const { query, page, ...filters } = parsed;
  const request = { query, filters, page: { page, limit: 20 } };
  const statements = query.trim()
    ? [{ label: 'page+counts', sql: catalogueSearchQuery(request) }]
    : [
        { label: 'page', sql: cataloguePageQuery(request) },
        { label: 'counts', sql: catalogueCountsQuery(request) },
      ];
  const dialect = new PgDialect();
  const out: { label: string; ms: number; access: string }[] = [];
  for (const s of statements) {
    const q = dialect.sqlToQuery(s.sql);
    const { text, ms } = await explain(client, 'ANALYZE', q.sql, q.params);
    const access = [
      ...new Set(
        text.match(/(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan)( using \w+)?( on \w+)?/g) ?? [],
      ),
    ];
    out.push({
      label: s.label,
      ms,
      access: access.join('; '),
    });
  }
  return out;
}
