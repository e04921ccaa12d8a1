import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import type { Benchmark, BenchContext } from './lib/benchmark';
import { drive, layout, type ChatOutcome, type Plan } from './chat-drive';
import { createBenchDatabase, REDIS_URL, type BenchDatabase, type DatabaseKind } from './lib/databases';
import { int } from './lib/format';
import { REPO_ROOT } from './lib/paths';
import { spawnNode, spawnServer, type NodeProcess } from './lib/processes';
import { rows, seedUsersWithSessions } from './lib/seed';
import { openDatabase } from '../apps/server/src/db/client';

const RELAY = path.join(REPO_ROOT, 'bench/baselines/socket-relay.ts');

async function withRelays(
  ctx: BenchContext,
  label: string,
  plan: Plan,
  instances: number,
  redisPrefix?: string,
) {
  const relays: NodeProcess[] = [];
  try {
    for (let i = 0; i < instances; i++) {
      relays.push(
        await spawnNode(RELAY, {
          name: `socket-relay-${i}`,
          readyPath: '/api/health',
          env: redisPrefix ? { REDIS_URL, REDIS_PREFIX: redisPrefix } : {},
        }),
      );
    }
    const ids = Array.from({ length: plan.pairs }, (_, i) => ({
      roomId: `room-${i}`,
      a: { id: `creator-${i}` },
      b: { id: `editor-${i}` },
    }));
    return await drive(ctx, label, plan, layout(ids, relays), { servers: relays });
  } finally {
    for (const r of relays) await r.stop();
  }
}

/** Creators, editors, their sessions and one room per pair, by SQL. */
async function seedRooms(database: BenchDatabase, pairs: number) {
  const creators = await seedUsersWithSessions(database.db, 'creator', pairs);
  const editors = await seedUsersWithSessions(database.db, 'editor', pairs);
  const values = creators.map((c, i) => `('${c.id}'::uuid, '${editors[i]!.id}'::uuid, ${i})`).join(',');
  const rooms = await rows<{ id: string; n: number }>(
    database.db,
    `WITH pairs(creator_id, editor_id, n) AS (VALUES ${values})
     , inserted AS (
       INSERT INTO chat_rooms (creator_id, editor_id) SELECT creator_id, editor_id FROM pairs RETURNING id, creator_id)
     SELECT inserted.id, pairs.n FROM inserted JOIN pairs USING (creator_id)`,
  );
  const byN = new Map(rooms.map((r) => [Number(r.n), r.id]));
  return creators.map((c, i) => ({
    roomId: byN.get(i)!,
    a: { id: c.id, token: c.token },
    b: { id: editors[i]!.id, token: editors[i]!.token },
  }));
}

async function countStored(db: BenchDatabase['db'], label: string): Promise<number> {
  const [row] = await rows<{ n: string | number }>(
    db,
    `SELECT count(*) AS n FROM chat_messages WHERE content LIKE 'bench ${label} message %'`,
  );
  return Number(row!.n);
}

async function withServers(
  ctx: BenchContext,
  label: string,
  plan: Plan,
  kind: DatabaseKind,
  instances: number,
  redisPrefix?: string,
): Promise<ChatOutcome> {
  const dataDir = path.join(ctx.tmp, label);
  mkdirSync(dataDir, { recursive: true });
  const database = await createBenchDatabase(kind, dataDir);
  const servers: NodeProcess[] = [];
  try {
    const ids = await seedRooms(database, plan.pairs);
    if (kind === 'pglite') await database.release();
    for (let i = 0; i < instances; i++) {
      servers.push(
        await spawnServer({
          name: `chat-${label}-${i}`,
          dataDir: instances > 1 ? path.join(dataDir, `instance-${i}`) : dataDir,
          databaseUrl: database.serverUrl,
          redisUrl: redisPrefix ? REDIS_URL : undefined,
          env: redisPrefix ? { REDIS_PREFIX: redisPrefix } : {},
        }),
      );
    }
    const result = await drive(
      ctx,
      label,
      plan,
      layout(ids, servers),
      { servers, databaseUrl: database.serverUrl },
      plan.capacitySteps,
    );
    for (const s of servers) await s.stop();
    let stored: number;
    if (kind === 'pglite') {
      const reopened = await openDatabase({ dataDir: path.join(dataDir, 'db') });
      stored = await countStored(reopened.db, label);
      await reopened.close();
    } else {
      stored = await countStored(database.db, label);
    }
    ctx.report.check(
      `${label}: every message stored exactly once`,
      stored === result.sent,
      `${int(stored)} of ${int(result.sent)} in chat_messages`,
    );
    return result;
  } finally {
    for (const s of servers) await s.stop();
    await database.drop();
  }
}

/** Removes this run's keys (stream, sessions) from the shared Redis: nothing else uses the prefix. */
async function cleanRedis(prefix: string) {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

function compare(ctx: BenchContext, label: string, real: ChatOutcome, baseline: ChatOutcome) {
  ctx.report.ratio(`${label} delivered msgs/s`, real.deliveredPerSec, baseline.deliveredPerSec, 'msgs/s', {
    min: 0.4,
  });
  ctx.report.ratio(`${label} p99 latency`, real.p99, baseline.p99, 'ms');
  ctx.report.ratio(
    `${label} CPU per message`,
    real.serverCpuPerMessage + real.databaseCpuPerMessage,
    baseline.serverCpuPerMessage,
    'ms',
  );
  ctx.report.target(`${label} send→receive p99`, real.p99, 'ms', { max: 100 });
}

async function run(ctx: BenchContext) {
  const plan: Plan = ctx.smoke
    ? { pairs: 10, rate: 40, seconds: 3, warmupSeconds: 0, capacitySteps: [] }
    : { pairs: 500, rate: 2000, seconds: 15, warmupSeconds: 3, capacitySteps: [125, 250, 500, 1000] };
  ctx.report.note(
    `${int(plan.pairs * 2)} clients in ${int(plan.pairs)} rooms, ${int(plan.rate)} msgs/s offered for ${plan.seconds} s` +
      (plan.warmupSeconds ? ` after ${plan.warmupSeconds} s of warm-up` : ''),
  );

  ctx.report.section('one instance');
  const relay = await withRelays(ctx, 'relay', plan, 1);
  const postgres = await withServers(ctx, 'postgres', plan, 'postgres', 1);
  compare(ctx, 'postgres', postgres, relay);
  const pglite = await withServers(ctx, 'pglite', plan, 'pglite', 1);
  compare(ctx, 'pglite', pglite, relay);

  ctx.report.section('two instances, Redis Streams adapter (creators on one, editors on the other)');
  const prefix = `cutroom-bench-${randomBytes(4).toString('hex')}`;
  try {
    const relays = await withRelays(ctx, 'relay-x2-redis', plan, 2, `${prefix}-relay`);
    const cluster = await withServers(ctx, 'postgres-x2-redis', plan, 'postgres', 2, `${prefix}-server`);
    compare(ctx, 'postgres-x2-redis', cluster, relays);
  } finally {
    await cleanRedis(prefix);
  }
}

export const chat: Benchmark = {
  name: 'chat',
  summary:
    '1,000 Socket.IO clients in 500 rooms through the real server vs. a bare relay, one and two instances',
  run,
};
