import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import type { Benchmark, BenchContext } from './lib/benchmark';
import { ChatLoad, type ChatPair, type ChatPhaseResult, type ChatProtocol } from './lib/chat-load';
import { CpuMeter, postgresBackends } from './lib/cpu';
import { createBenchDatabase, REDIS_URL, type BenchDatabase, type DatabaseKind } from './lib/databases';
import { int, sig } from './lib/format';
import { REPO_ROOT } from './lib/paths';
import { spawnNode, spawnServer, type NodeProcess } from './lib/processes';
import { rows, seedUsersWithSessions } from './lib/seed';
import { openDatabase } from '../apps/server/src/db/client';

const RELAY = path.join(REPO_ROOT, 'bench/baselines/socket-relay.ts');

type AckReply = { ok: true; data?: unknown } | { ok: false; error?: string };

/** The real server's events (packages/contracts CHAT_CLIENT_EVENTS); the relay speaks the same. */
const protocol: ChatProtocol = {
  async join(socket, roomId, userId) {
    const reply = (await socket.timeout(15_000).emitWithAck('joinRoom', { roomId, userId })) as AckReply;
    if (!reply.ok) throw new Error(`joinRoom refused: ${reply.error}`);
  },
  async send(socket, roomId, content, clientId) {
    try {
      const reply = (await socket
        .timeout(15_000)
        .emitWithAck('sendMessage', { clientId, chatRoom: roomId, content })) as AckReply;
      return reply.ok ? { ok: true } : { ok: false, error: reply.error ?? 'refused', timedOut: false };
    } catch (err) {
      return { ok: false, error: (err as Error).message, timedOut: true };
    }
  },
  read(payload) {
    const p = payload as { content?: unknown; chatRoom?: unknown };
    return typeof p?.content === 'string' ? { content: p.content, roomId: String(p.chatRoom) } : null;
  },
};

interface Plan {
  pairs: number;
  rate: number;
  seconds: number;
  warmupSeconds: number;
  /** Lower offered rates tried after the main phase on the real server, to find what it sustains. */
  capacitySteps: number[];
}

function reportPhase(ctx: BenchContext, label: string, r: ChatPhaseResult) {
  ctx.report.figure(
    `${label} delivered msgs/s`,
    r.deliveredPerSec,
    'msgs/s',
    `offered ${int(r.offeredPerSec)}/s`,
  );
  ctx.report.figure(
    `${label} send→receive p99`,
    r.p99,
    'ms',
    `p50 ${r.p50.toFixed(1)} ms, max ${r.max.toFixed(0)} ms; clients: loop lag p99 ${r.driverLagP99.toFixed(0)} ms, ` +
      `CPU ${sig(r.driverCpuPerMessage)} ms/message`,
  );
  ctx.report.check(
    `${label}: no message lost or duplicated`,
    r.lost === 0 && r.duplicates === 0,
    `${int(r.sent)} sent, ${int(r.delivered)} delivered once, ${int(r.lost)} lost, ${r.duplicates} duplicates` +
      (r.unacknowledged ? `, ${int(r.unacknowledged)} acks later than 15 s` : '') +
      `; ${int(r.echoes)} echoes to senders` +
      (r.late ? `; ${int(r.late)} late from the warm-up` : ''),
  );
  ctx.report.check(
    `${label}: no message refused`,
    r.refused === 0,
    r.refused ? `${int(r.refused)} refused: ${r.refusals.join('; ')}` : 'none',
  );
  ctx.report.check(`${label}: no message reached another room`, r.leaks === 0, `${r.leaks} misdelivered`);
}

/** Every message of the phase delivered once and none refused: its CPU per message means something. */
const handledAll = (r: ChatPhaseResult) => r.lost === 0 && r.duplicates === 0 && r.refused === 0;
/** True when the server kept up: nothing lost or refused, and p99 under the target. */
const keptUp = (r: ChatPhaseResult) => r.lost === 0 && r.duplicates === 0 && r.refused === 0 && r.p99 < 100;

interface Processes {
  servers: NodeProcess[];
  databaseUrl?: string;
}

export interface ChatOutcome extends ChatPhaseResult {
  /** CPU ms per message sent in the measured phase (until the server went quiet), servers and PostgreSQL. */
  serverCpuPerMessage: number;
  databaseCpuPerMessage: number;
}

async function drive(
  ctx: BenchContext,
  label: string,
  plan: Plan,
  pairs: ChatPair[],
  processes: Processes,
  capacitySteps: number[] = [],
): Promise<ChatOutcome> {
  const load = new ChatLoad(pairs, protocol);
  const serverCpu = new CpuMeter(() => processes.servers.map((p) => p.pid));
  const databaseCpu = new CpuMeter(() =>
    processes.databaseUrl ? postgresBackends(processes.databaseUrl) : [],
  );
  /** One phase, then quiet; with its CPU per message (meaningful only when every message was handled). */
  const measured = async (name: string, rate: number, seconds: number) => {
    await Promise.all([serverCpu.start(), databaseCpu.start()]);
    const phase = await load.run(name, rate, seconds);
    await load.settle();
    const [serverMs, databaseMs] = await Promise.all([serverCpu.stop(), databaseCpu.stop()]);
    return {
      ...phase,
      serverCpuPerMessage: serverMs / phase.sent,
      databaseCpuPerMessage: databaseMs / phase.sent,
    };
  };
  try {
    const started = Date.now();
    await load.connect();
    ctx.report.note(
      `${label}: ${int(pairs.length * 2)} clients connected and joined in ${Date.now() - started} ms`,
    );
    if (plan.warmupSeconds > 0) {
      // A gentle warm-up: an overloaded server would still be working off its backlog afterwards.
      await load.run(
        `${label}-warmup`,
        Math.min(plan.rate, capacitySteps[0] ?? plan.rate),
        plan.warmupSeconds,
      );
      await load.settle();
    }
    // First how far the server keeps up, rising until a rate fails (after a failure the server is busy
    // with its backlog for a long time, so nothing but the main phase runs after it).
    let cleanest: ChatOutcome | undefined;
    let sustained = 0;
    for (const rate of capacitySteps) {
      const step = await measured(`${label}-at-${rate}`, rate, 8);
      ctx.report.note(
        `  at ${int(rate)} msgs/s offered: ${int(step.deliveredPerSec)} delivered/s, p99 ${step.p99.toFixed(0)} ms, ` +
          `${int(step.lost)} lost, ${int(step.refused)} refused, CPU ${sig(step.serverCpuPerMessage + step.databaseCpuPerMessage)} ms/message`,
      );
      if (handledAll(step)) cleanest = step;
      if (!keptUp(step)) break;
      sustained = rate;
    }
    if (capacitySteps.length) {
      ctx.report.figure(
        `${label} highest rate kept up (p99 < 100 ms, no loss)`,
        sustained,
        'msgs/s',
        `steps ${capacitySteps.join(', ')}`,
      );
    }
    const result = await measured(label, plan.rate, plan.seconds);
    reportPhase(ctx, label, result);
    if (result.lost > 0) {
      ctx.report.note(
        `  of the ${int(result.lost)} not delivered within 10 s of the last send, ${int(load.arrivedLate(label))} ` +
          'arrived later (a backlog, not a drop)',
      );
    }
    // CPU per message where every message was handled: the main phase if it kept up, else the best step.
    const clean = handledAll(result) || !cleanest ? result : cleanest;
    const cpuFrom = handledAll(clean)
      ? `at ${int(clean.offeredPerSec)} msgs/s offered`
      : 'over a phase the server did not finish: a lower bound';
    result.serverCpuPerMessage = clean.serverCpuPerMessage;
    result.databaseCpuPerMessage = clean.databaseCpuPerMessage;
    ctx.report.figure(
      `${label} CPU per message`,
      result.serverCpuPerMessage + result.databaseCpuPerMessage,
      'ms',
      `${cpuFrom}; server${processes.servers.length > 1 ? 's' : ''} ${sig(result.serverCpuPerMessage)} ms` +
        (processes.databaseUrl ? ` + PostgreSQL ${sig(result.databaseCpuPerMessage)} ms` : ''),
    );
    return result;
  } finally {
    load.close();
  }
}

/** Creators on the first instance, editors on the last: with two instances every message crosses Redis. */
function layout(
  ids: { roomId: string; a: { id: string; token?: string }; b: { id: string; token?: string } }[],
  servers: NodeProcess[],
): ChatPair[] {
  return ids.map((p) => ({
    roomId: p.roomId,
    a: { userId: p.a.id, token: p.a.token, url: servers[0]!.url },
    b: { userId: p.b.id, token: p.b.token, url: servers[servers.length - 1]!.url },
  }));
}

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
