import path from 'node:path';
import pg from 'pg';
import type { Benchmark, BenchContext } from './lib/benchmark';
import { createBenchDatabase } from './lib/databases';
import { int, num } from './lib/format';
import { hammer, type LoadResult } from './lib/load';
import { spawnServer, type NodeProcess } from './lib/processes';
import { rows, seedEditors, seedTrustSignals, seededEditorName } from './lib/seed';
import { captureSearchSql, explainAll, explainListing, type Captured, type Plan } from './search-plans';

const INDEX = 'users_search_trgm_idx';

async function load(
  ctx: BenchContext,
  server: NodeProcess,
  route: string,
  connections: number,
): Promise<LoadResult> {
  return hammer({ url: server.url + route, connections, seconds: ctx.smoke ? 1 : 5 });
}

async function run(ctx: BenchContext) {
  const editors = ctx.smoke ? 5_000 : 100_000;
  const queries = [
    { key: 'tag', query: 'wedding', what: 'a tag on ~1 editor in 8' },
    { key: 'name', query: 'priya', what: 'a first name on ~1 editor in 40' },
    { key: 'one', query: seededEditorName(Math.floor(editors * 0.7777)), what: 'one editor by full name' },
  ];
  const database = await createBenchDatabase('postgres', path.join(ctx.tmp, 'server'));
  let server: NodeProcess | undefined;
  const admin = new pg.Client({ connectionString: database.serverUrl });
  try {
    const started = Date.now();
    await seedEditors(database.db, { count: editors });
    ctx.report.note(
      `seeded ${int(editors)} editors (with portfolios and ${int(editors * 2)} samples) in ${Date.now() - started} ms`,
    );
    const trustStarted = Date.now();
    await seedTrustSignals(database.db);
    // The seed rewrote every users row several times; a live table is kept compact, and its visibility
    // map set (index-only scans need it), by autovacuum. FULL compacts but leaves the map empty.
    await rows(database.db, 'VACUUM FULL users');
    await rows(database.db, 'VACUUM ANALYZE users');
    ctx.report.note(
      `ratings, track records, badges and spread prices on every editor (70 % reviewed) in ${Date.now() - trustStarted} ms`,
    );
    const [def] = await rows<{ indexdef: string }>(
      database.db,
      `SELECT indexdef FROM pg_indexes WHERE indexname = '${INDEX}'`,
    );
    if (!def) throw new Error(`index ${INDEX} is missing: has the schema changed?`);
    ctx.report.note(`index: ${def.indexdef}`);
    await admin.connect();

    ctx.report.section(
      'EXPLAIN ANALYZE of every statement the search route runs, with and without the index',
    );
    const statements = new Map<string, Captured[]>();
    for (const q of queries) statements.set(q.key, await captureSearchSql(database.serverUrl!, q.query));
    // Once untimed, so neither variant pays for reading the tables into the cache.
    for (const q of queries)
      for (const st of statements.get(q.key)!) await admin.query(st.sql, st.params as unknown[]);
    const withIndex = new Map<string, Plan[]>();
    const without = new Map<string, Plan[]>();
    for (const q of queries) withIndex.set(q.key, await explainAll(admin, statements.get(q.key)!));
    await admin.query('BEGIN');
    await admin.query(`DROP INDEX ${INDEX}`); // rolled back below: DDL is transactional in PostgreSQL
    for (const q of queries) without.set(q.key, await explainAll(admin, statements.get(q.key)!));
    await admin.query('ROLLBACK');
    for (const q of queries) {
      const a = withIndex.get(q.key)!;
      const b = without.get(q.key)!;
      ctx.report.note(`"${q.query}" (${q.what}): ${a.length} statements`);
      for (let i = 0; i < a.length; i++) {
        ctx.report.note(
          `  ${a[i]!.label.padEnd(34)} ${num(a[i]!.ms, 2).padStart(8)} ms with index  ${num(b[i]!.ms, 2).padStart(8)} ms without`,
        );
      }
      const sumA = a.reduce((s, p) => s + p.ms, 0);
      const sumB = b.reduce((s, p) => s + p.ms, 0);
      ctx.report.ratio(`"${q.key}" SQL time with / without index`, sumA, sumB, 'ms');
    }
    // The statement that filters users (where the trigram index works), and the slowest one overall.
    const a = withIndex.get(queries[0]!.key)!;
    const b = without.get(queries[0]!.key)!;
    const filter = a.findIndex((p) => p.label === 'select from users');
    const slowest = a.reduce((best, p, i) => (p.ms > a[best]!.ms ? i : best), 0);
    for (const i of new Set([filter, slowest].filter((i) => i >= 0))) {
      ctx.report.note(
        `\n"${queries[0]!.query}", ${a[i]!.label}${i === slowest ? ' (the slowest statement)' : ''}, with the index:`,
      );
      ctx.report.note(indent(a[i]!.text));
      ctx.report.note(`the same statement without the index:`);
      ctx.report.note(indent(b[i]!.text));
    }

    await database.release();
    // The database's work is what is measured here: with the reply cache on, every request after the
    // first would be answered from memory (api-reads measures that).
    server = await spawnServer({
      name: 'search-scale',
      dataDir: path.join(ctx.tmp, 'server'),
      databaseUrl: database.serverUrl,
      env: { EDITOR_LIST_CACHE_SECONDS: '0' },
    });
    const measure = async (phase: string) => {
      const out = new Map<string, { one: LoadResult; ten: LoadResult }>();
      for (const q of queries) {
        const route = `/api/users/editors/search?query=${encodeURIComponent(q.query)}`;
        const probe = await fetch(server!.url + route);
        const body = (await probe.json()) as { data?: unknown[]; total?: number };
        ctx.report.check(
          `${phase} "${q.key}": search answers`,
          probe.ok && Array.isArray(body.data) && body.data.length > 0,
          `${probe.status}, ${body.data?.length ?? 0} on the page of ${int(body.total ?? 0)} matches`,
        );
        if (!ctx.smoke) await hammer({ url: server!.url + route, connections: 1, seconds: 1 });
        const one = await load(ctx, server!, route, 1);
        const ten = await load(ctx, server!, route, 10);
        ctx.report.figure(
          `${phase} "${q.key}" 1 connection`,
          one.p99,
          'ms p99',
          `p50 ${one.p50} ms, ${int(one.rps)} req/s`,
        );
        ctx.report.figure(
          `${phase} "${q.key}" 10 connections`,
          ten.p99,
          'ms p99',
          `p50 ${ten.p50} ms, ${int(ten.rps)} req/s`,
        );
        ctx.report.check(
          `${phase} "${q.key}": every response 2xx`,
          one.non2xx + one.errors + ten.non2xx + ten.errors === 0,
          `${one.non2xx + ten.non2xx} non-2xx, ${one.errors + ten.errors} errors`,
        );
        out.set(q.key, { one, ten });
      }
      return out;
    };
    ctx.report.section(
      `through the real route (GET /api/users/editors/search), ${int(editors)} editors, PostgreSQL`,
    );
    const indexed = await measure('indexed');
    await measureSortedAndFiltered(ctx, server, admin);
    await admin.query(`DROP INDEX ${INDEX}`);
    let unindexed: Awaited<ReturnType<typeof measure>>;
    try {
      unindexed = await measure('no index');
    } finally {
      const t = Date.now();
      await admin.query(def.indexdef);
      ctx.report.note(`index rebuilt in ${Date.now() - t} ms`);
    }
    ctx.report.section('search with the index vs. without it');
    for (const q of queries) {
      const a = indexed.get(q.key)!;
      const b = unindexed.get(q.key)!;
      ctx.report.ratio(`"${q.key}" req/s at 10 connections`, a.ten.rps, b.ten.rps, 'req/s');
      ctx.report.ratio(`"${q.key}" p99 at 1 connection`, a.one.p99, b.one.p99, 'ms');
      ctx.report.target(`"${q.key}" search p99 (1 connection)`, a.one.p99, 'ms', { max: 20 });
      ctx.report.target(`"${q.key}" search p99 (10 connections)`, a.ten.p99, 'ms', { max: 20 });
    }
  } finally {
    await server?.stop();
    await admin.end().catch(() => undefined);
    await database.drop();
  }
}

const indent = (text: string) => text.replace(/^/gm, '      ');

/** /portfolio's sorts and filters (issue 15): each through the real route, with its plan. */
const SORTED_AND_FILTERED = [
  { key: 'recommended', qs: 'sort=recommended', what: 'the default order, every editor counted' },
  { key: 'rating', qs: 'sort=rating', what: 'highest rated first' },
  { key: 'price', qs: 'sort=price', what: 'cheapest first' },
  { key: 'fastest', qs: 'sort=fastest', what: 'fastest delivery first' },
  {
    key: 'tier+range',
    qs: 'tier=pro&minPrice=3000&maxPrice=8000&sort=rating',
    what: 'pro tier ₹3,000–8,000, best rated',
  },
  { key: 'range', qs: 'minPrice=500&maxPrice=1500&sort=price', what: 'any tier ₹500–1,500, cheapest' },
  { key: 'tag', qs: 'tags=wedding&sort=price', what: 'an exact tag on 1 editor in 8, cheapest' },
  { key: 'words', qs: 'query=priya%20wedding&sort=rating', what: 'two words (name and tag), best rated' },
];

async function measureSortedAndFiltered(ctx: BenchContext, server: NodeProcess, admin: pg.Client) {
  ctx.report.section('sorted and filtered lists (GET /api/users/editors, reply cache off), PostgreSQL');
  for (const c of SORTED_AND_FILTERED) {
    const route = `/api/users/editors${c.qs.startsWith('query=') ? '/search' : ''}?${c.qs}&limit=20`;
    const probe = await fetch(server.url + route);
    const body = (await probe.json()) as { data?: unknown[]; total?: number };
    ctx.report.check(
      `"${c.key}" answers`,
      probe.ok && Array.isArray(body.data) && body.data.length > 0,
      `${probe.status}, ${body.data?.length ?? 0} on the page of ${int(body.total ?? 0)} matches (${c.what})`,
    );
    const plans = await explainListing(admin, c.qs);
    for (const p of plans)
      ctx.report.note(`  ${p.label.padEnd(12)} ${num(p.ms, 2).padStart(7)} ms  ${p.access}`);
    if (!ctx.smoke) await hammer({ url: server.url + route, connections: 1, seconds: 1 });
    const one = await load(ctx, server, route, 1);
    const ten = await load(ctx, server, route, 10);
    ctx.report.figure(
      `"${c.key}" 1 connection`,
      one.p99,
      'ms p99',
      `p50 ${one.p50} ms, ${int(one.rps)} req/s`,
    );
    ctx.report.figure(
      `"${c.key}" 10 connections`,
      ten.p99,
      'ms p99',
      `p50 ${ten.p50} ms, ${int(ten.rps)} req/s`,
    );
    ctx.report.check(
      `"${c.key}": every response 2xx`,
      one.non2xx + one.errors + ten.non2xx + ten.errors === 0,
      `${one.non2xx + ten.non2xx} non-2xx, ${one.errors + ten.errors} errors`,
    );
    ctx.report.target(`"${c.key}" p99 (1 connection)`, one.p99, 'ms', { max: 20 });
  }
}

export const searchScale: Benchmark = {
  name: 'search-scale',
  summary: 'search over 100,000 editors on PostgreSQL with the trigram index vs. the same without it',
  run,
};
