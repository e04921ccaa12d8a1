import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Benchmark, BenchContext } from './lib/benchmark';
import { CpuMeter, postgresBackends } from './lib/cpu';
import { createBenchDatabase, type DatabaseKind } from './lib/databases';
import { int, kb } from './lib/format';
import { hammer, type LoadResult } from './lib/load';
import { spawnNode, spawnServer, type NodeProcess } from './lib/processes';
import { REPO_ROOT } from './lib/paths';
import { seedEditors } from './lib/seed';

const CONNECTIONS = 50;
const ROUTES = [
  { key: 'list', path: '/api/users/editors' },
  // A tag on about one editor in eight: a page of matches out of ~1,250.
  { key: 'search', path: '/api/users/editors/search?query=wedding' },
];

function reportLoad(ctx: BenchContext, label: string, r: LoadResult) {
  ctx.report.figure(`${label} req/s`, r.rps, 'req/s', `${int(r.requests)} requests`);
  ctx.report.figure(`${label} latency p50 / p99`, r.p99, 'ms p99', `p50 ${r.p50} ms, max ${r.max} ms`);
}

interface Measured extends LoadResult {
  /** CPU ms per request of the server process, and of its PostgreSQL backends (0 on PGlite). */
  serverCpuPerRequest: number;
  databaseCpuPerRequest: number;
}

async function measure(
  ctx: BenchContext,
  server: NodeProcess,
  route: string,
  seconds: number,
  databaseUrl?: string,
): Promise<Measured> {
  if (!ctx.smoke) await hammer({ url: server.url + route, connections: CONNECTIONS, seconds: 2 });
  const serverCpu = new CpuMeter(() => [server.pid]);
  const databaseCpu = new CpuMeter(() => (databaseUrl ? postgresBackends(databaseUrl) : []));
  await Promise.all([serverCpu.start(), databaseCpu.start()]);
  const result = await hammer({ url: server.url + route, connections: CONNECTIONS, seconds });
  const [serverMs, databaseMs] = await Promise.all([serverCpu.stop(), databaseCpu.stop()]);
  // With no completed request there is no cost per request to speak of.
  const n = result.requests || NaN;
  return { ...result, serverCpuPerRequest: serverMs / n, databaseCpuPerRequest: databaseMs / n };
}

/** Every route under load on one server: cache on (the default) or off (what each miss costs). */
async function loadRoutes(
  ctx: BenchContext,
  kind: DatabaseKind,
  dataDir: string,
  databaseUrl: string | undefined,
  cache: 'on' | 'off',
  seconds: number,
): Promise<Map<string, { body: Buffer; result: Measured }>> {
  const out = new Map<string, { body: Buffer; result: Measured }>();
  // On PGlite the database lives in the server's data directory: one server at a time.
  const server = await spawnServer({
    name: `api-reads-${kind}-cache-${cache}`,
    dataDir,
    databaseUrl,
    env: cache === 'off' ? { EDITOR_LIST_CACHE_SECONDS: '0' } : {},
  });
  try {
    for (const route of ROUTES) {
      const res = await fetch(server.url + route.path);
      const body = Buffer.from(await res.arrayBuffer());
      let count = -1;
      try {
        const data = (JSON.parse(body.toString()) as { data?: unknown[] }).data;
        count = Array.isArray(data) ? data.length : -1;
      } catch {
        // reported below
      }
      const ok = ctx.report.check(
        `${kind} ${route.key}, cache ${cache}: GET ${route.path} answers {data: [...]}`,
        res.status === 200 && count > 0,
        `status ${res.status}, ${count} editors, ${kb(body.length)}`,
      );
      if (ok)
        out.set(route.key, { body, result: await measure(ctx, server, route.path, seconds, databaseUrl) });
    }
  } finally {
    await server.stop();
  }
  return out;
}

async function runOn(ctx: BenchContext, kind: DatabaseKind) {
  const editors = ctx.smoke ? 1_000 : 10_000;
  const seconds = ctx.smoke ? 1 : 10;
  ctx.report.section(`${kind}: ${int(editors)} editors, ${CONNECTIONS} connections, ${seconds} s per run`);
  const dataDir = path.join(ctx.tmp, kind);
  mkdirSync(dataDir, { recursive: true });
  const database = await createBenchDatabase(kind, dataDir);
  try {
    const started = Date.now();
    await seedEditors(database.db, { count: editors });
    ctx.report.note(`seeded ${int(editors)} editors in ${Date.now() - started} ms`);
    await database.release();
    const cached = await loadRoutes(ctx, kind, dataDir, database.serverUrl, 'on', seconds);
    const uncached = await loadRoutes(ctx, kind, dataDir, database.serverUrl, 'off', seconds);

    for (const route of ROUTES) {
      const hit = cached.get(route.key);
      const miss = uncached.get(route.key);
      if (!hit || !miss) continue;
      const label = `${kind} ${route.key}`;
      ctx.report.check(
        `${label}: the same bytes with the cache on and off`,
        hit.body.equals(miss.body),
        `${kb(hit.body.length)} and ${kb(miss.body.length)}`,
      );
      const bodyFile = path.join(ctx.tmp, `${kind}-${route.key}.json`);
      writeFileSync(bodyFile, hit.body);
      const baselineServer = await spawnNode(path.join(REPO_ROOT, 'bench/baselines/json-server.ts'), {
        name: 'json-baseline',
        readyPath: '/api/health',
        env: { BASELINE_BODY_FILE: bodyFile },
      });
      let baseline: Measured;
      try {
        baseline = await measure(ctx, baselineServer, route.path, seconds);
      } finally {
        await baselineServer.stop();
      }
      const real = hit.result;
      reportLoad(ctx, `${label} real`, real);
      reportLoad(ctx, `${label} real, cache off`, miss.result);
      reportLoad(ctx, `${label} baseline`, baseline);
      ctx.report.check(
        `${label}: every answer 2xx`,
        [real, miss.result].every((r) => r.non2xx === 0 && r.errors === r.timeouts) &&
          baseline.non2xx + baseline.errors === 0,
        `cache on: ${real.non2xx} non-2xx, ${real.errors} errors of which ${real.timeouts} timeouts ` +
          `(> 10 s); cache off: ${miss.result.non2xx} non-2xx, ${miss.result.errors} errors`,
      );
      ctx.report.ratio(`${label} req/s`, real.rps, baseline.rps, 'req/s', { min: 0.5 });
      ctx.report.ratio(`${label} p99`, real.p99, baseline.p99, 'ms');
      ctx.report.ratio(`${label} req/s, cache off`, miss.result.rps, baseline.rps, 'req/s');
      for (const [what, r] of [
        ['', real],
        [', cache off', miss.result],
      ] as const) {
        const cpu = r.serverCpuPerRequest + r.databaseCpuPerRequest;
        ctx.report.figure(
          `${label} CPU per request${what}`,
          cpu,
          'ms',
          `server ${r.serverCpuPerRequest.toFixed(3)} ms` +
            (kind === 'postgres'
              ? ` + PostgreSQL ${r.databaseCpuPerRequest.toFixed(3)} ms`
              : ' (database inside)'),
        );
        ctx.report.ratio(`${label} CPU per request${what}`, cpu, baseline.serverCpuPerRequest, 'ms');
      }
      ctx.report.target(`${label} p99 latency`, real.p99, 'ms', { max: 25 });
      ctx.report.figure(`${label} p99 latency, cache off`, miss.result.p99, 'ms');
    }
  } finally {
    await database.drop();
  }
}

export const apiReads: Benchmark = {
  name: 'api-reads',
  summary:
    'GET /api/users/editors and /search over 10,000 editors (reply cache on, and off) vs. a bare Fastify ' +
    'route with the same bytes',
  async run(ctx) {
    await runOn(ctx, 'postgres');
    await runOn(ctx, 'pglite');
  },
};
