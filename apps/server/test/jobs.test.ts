import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { jobs } from '../src/db/schema';
import { JobRunner, PermanentJobError, type JobRow } from '../src/lib/jobs';
import { BullmqDispatcher } from '../src/lib/jobs/bullmq-dispatcher';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { freePort } from './helpers/process';

const log = pino({ level: 'silent' });
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let testDb: TestDatabase;
let db: Db;
const runners: JobRunner[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.database.db;
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
});
afterAll(() => testDb?.drop());

/** A runner on this file's database, stopped after each test; each test uses kinds of its own. */
function runner(opts: Partial<ConstructorParameters<typeof JobRunner>[0]> = {}): JobRunner {
  const r = new JobRunner({ db, log, pollMs: 50, leaseMs: 3_000, ...opts });
  runners.push(r);
  return r;
}
const kind = (name: string) => `${name}-${randomBytes(3).toString('hex')}`;

/**
 * The database, except that a claim (an UPDATE setting a lock token) reports itself when sent and
 * reaches the database only once `held` resolves: a claim still in flight, on demand.
 */
function claimsHeldUntil(real: Db, held: Promise<void>, onSent: () => void): Db {
  const heldChain = (builder: object): object =>
    new Proxy(builder, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (prop === 'then') {
          return (ok: (v: unknown) => unknown, fail: (e: unknown) => unknown) =>
            held.then(() => (target as PromiseLike<unknown>).then(ok, fail));
        }
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => heldChain((value as (...a: unknown[]) => object).apply(target, args));
      },
    });
  return new Proxy(real, {
    get(target, prop, receiver) {
      if (prop !== 'update') return Reflect.get(target, prop, receiver);
      return (table: never) => {
        const update = target.update(table);
        return new Proxy(update, {
          get(u, key, rec) {
            if (key !== 'set') return Reflect.get(u, key, rec);
            return (values: { lockedBy?: string | null }) => {
              const chain = u.set(values as never);
              if (typeof values.lockedBy !== 'string') return chain;
              onSent();
              return heldChain(chain);
            };
          },
        });
      };
    },
  });
}

async function settled(r: JobRunner, id: string, timeoutMs = 10_000): Promise<JobRow> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = await r.get(id);
    if (row && (row.status === 'done' || row.status === 'failed')) return row;
    if (Date.now() > until) throw new Error(`job ${id} still ${row?.status} after ${timeoutMs} ms`);
    await new Promise((res) => setTimeout(res, 25));
  }
}

describe('job runner (in-process)', () => {
  it('runs a queued job once with its payload and records it done', async () => {
    const r = runner();
    const k = kind('hello');
    const seen: unknown[] = [];
    r.define<{ n: number }>(k, { timeoutMs: 1000, handler: async (p) => void seen.push(p) });
    r.start();
    const job = await r.enqueue(k, { n: 7 });
    const row = await settled(r, job.id);
    expect(row.status).toBe('done');
    expect(row.attempts).toBe(1);
    expect(row.lockedBy).toBeNull();
    expect(seen).toEqual([{ n: 7 }]);
  });

  it('retries a failing job with backoff, then fails it for good with the last error', async () => {
    const r = runner();
    const k = kind('flaky');
    const times: number[] = [];
    const failed: JobRow[] = [];
    r.define(k, {
      timeoutMs: 1000,
      maxAttempts: 3,
      backoff: { baseMs: 200, maxMs: 10_000 },
      handler: async () => {
        times.push(Date.now());
        throw new Error(`boom ${times.length}`);
      },
      onFailed: async (job) => void failed.push(job),
    });
    r.start();
    const job = await r.enqueue(k, {});
    const row = await settled(r, job.id);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(3);
    expect(row.lastError).toBe('boom 3');
    expect(times).toHaveLength(3);
    // Backoff doubles: about 200 ms, then about 400 ms.
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(180);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(380);
    expect(failed.map((j) => j.id)).toEqual([job.id]);
  });

  it('does not retry a permanent failure', async () => {
    const r = runner();
    const k = kind('permanent');
    let calls = 0;
    r.define(k, {
      timeoutMs: 1000,
      maxAttempts: 5,
      handler: async () => {
        calls++;
        throw new PermanentJobError('ffmpeg is not installed');
      },
    });
    r.start();
    const row = await settled(r, (await r.enqueue(k, {})).id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lastError: 'ffmpeg is not installed' });
    expect(calls).toBe(1);
  });

  it('aborts an attempt that exceeds its timeout and says so', async () => {
    const r = runner();
    const k = kind('slow');
    let abortedBySignal = false;
    r.define(k, {
      timeoutMs: 150,
      maxAttempts: 1,
      handler: (_p, { signal }) =>
        new Promise<void>((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            abortedBySignal = true;
            reject(new Error('killed'));
          });
        }),
    });
    r.start();
    const started = Date.now();
    const row = await settled(r, (await r.enqueue(k, {})).id);
    expect(row.status).toBe('failed');
    expect(row.lastError).toBe('Timed out after 150 ms');
    expect(abortedBySignal).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('keeps a failed job visible and runs it again on retry', async () => {
    const r = runner();
    const k = kind('retry');
    let fail = true;
    r.define(k, {
      timeoutMs: 1000,
      maxAttempts: 1,
      handler: async () => {
        if (fail) throw new Error('not yet');
      },
    });
    r.start();
    const job = await r.enqueue(k, {});
    expect((await settled(r, job.id)).status).toBe('failed');
    expect((await r.list({ status: 'failed', kind: k })).map((j) => j.id)).toEqual([job.id]);
    fail = false;
    const again = await r.retry(job.id);
    expect(again).toMatchObject({ status: 'queued', attempts: 0 });
    expect((await settled(r, job.id)).status).toBe('done');
    // Only failed jobs can be retried.
    expect(await r.retry(job.id)).toBeNull();
  });

  it('never runs a job twice when several runners compete for the queue', async () => {
    const k = kind('race');
    const runs = new Map<string, number>();
    const a = runner({ concurrency: 3 });
    const b = runner({ concurrency: 3 });
    for (const r of [a, b]) {
      r.define<{ i: number }>(k, {
        timeoutMs: 2000,
        handler: async (_p, { job }) => {
          runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
          await new Promise((res) => setTimeout(res, 10));
        },
      });
    }
    const queued = await Promise.all(Array.from({ length: 30 }, (_, i) => a.enqueue(k, { i })));
    a.start();
    b.start();
    for (const j of queued) expect((await settled(a, j.id)).status).toBe('done');
    expect(runs.size).toBe(30);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
  });

  it('runs, after a restart, the jobs a crashed runner left running (expired lease)', async () => {
    const k = kind('crashed');
    const ran: string[] = [];
    const failed: string[] = [];
    // What a runner that died mid-job leaves behind: running rows whose lease has expired.
    const [resumable, exhausted] = await db
      .insert(jobs)
      .values([
        { kind: k, payload: { which: 'resumable' }, status: 'running', attempts: 1, maxAttempts: 3 },
        { kind: k, payload: { which: 'exhausted' }, status: 'running', attempts: 3, maxAttempts: 3 },
      ])
      .returning();
    await db
      .update(jobs)
      .set({ lockedBy: 'dead-runner', lockedUntil: sql`now() - interval '1 minute'` })
      .where(eq(jobs.kind, k));
    const r = runner();
    r.define<{ which: string }>(k, {
      timeoutMs: 1000,
      handler: async (p) => void ran.push(p.which),
      onFailed: async (job) => void failed.push(job.id),
    });
    r.start();
    expect(await settled(r, resumable!.id)).toMatchObject({ status: 'done', attempts: 2 });
    const gaveUp = await settled(r, exhausted!.id);
    expect(gaveUp.status).toBe('failed');
    expect(gaveUp.lastError).toMatch(/Interrupted/);
    expect(ran).toEqual(['resumable']);
    expect(failed).toEqual([exhausted!.id]);
  });

  it('leaves a job with a live lease alone (another instance is working on it)', async () => {
    const k = kind('leased');
    const [row] = await db
      .insert(jobs)
      .values({ kind: k, status: 'running', attempts: 1, lockedBy: 'alive' })
      .returning();
    await db
      .update(jobs)
      .set({ lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(jobs.id, row!.id));
    let ran = false;
    const r = runner();
    r.define(k, { timeoutMs: 1000, handler: async () => void (ran = true) });
    r.start();
    await new Promise((res) => setTimeout(res, 400));
    expect(ran).toBe(false);
    expect((await r.get(row!.id))!.status).toBe('running');
  });

  it('hands a running job back on graceful stop, and the next runner runs it at once', async () => {
    const k = kind('shutdown');
    let started!: () => void;
    const isRunning = new Promise<void>((res) => (started = res));
    const first = runner();
    first.define(k, {
      timeoutMs: 60_000,
      handler: (_p, { signal }) =>
        new Promise<void>((_resolve, reject) => {
          started();
          signal.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    });
    first.start();
    const job = await first.enqueue(k, {});
    await isRunning;
    await first.stop();
    expect(await first.get(job.id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });

    const second = runner();
    let ranAgain = false;
    second.define(k, { timeoutMs: 1000, handler: async () => void (ranAgain = true) });
    second.start();
    expect(await settled(second, job.id)).toMatchObject({ status: 'done', attempts: 1 });
    expect(ranAgain).toBe(true);
  });

  it('gives back, unrun, a job whose claim was still in flight when it stopped', async () => {
    const k = kind('late-claim');
    let claimSent!: () => void;
    const sent = new Promise<void>((res) => (claimSent = res));
    let answer!: () => void;
    const held = new Promise<void>((res) => (answer = res));
    const r = runner({ db: claimsHeldUntil(db, held, claimSent) });
    let ran = false;
    r.define(k, { timeoutMs: 1000, handler: async () => void (ran = true) });
    const job = await r.enqueue(k, {});
    r.start();
    await sent;
    const stopped = r.stop();
    answer();
    await stopped;
    expect(ran).toBe(false);
    expect(await r.get(job.id)).toMatchObject({ status: 'queued', lockedBy: null });
  });

  it('renews the lease of a long job so that no other runner takes it', async () => {
    const k = kind('long');
    let runs = 0;
    const a = runner({ leaseMs: 300 });
    const b = runner({ leaseMs: 300 });
    for (const r of [a, b]) {
      r.define(k, {
        timeoutMs: 5_000,
        handler: async () => {
          runs++;
          await new Promise((res) => setTimeout(res, 1_200));
        },
      });
    }
    a.start();
    const job = await a.enqueue(k, {});
    await new Promise((res) => setTimeout(res, 100));
    b.start();
    expect((await settled(a, job.id)).status).toBe('done');
    expect(runs).toBe(1);
  });
});

describe('job runner with BullMQ wake-ups, Redis gone', () => {
  it('stops at once when Redis cannot be reached (shutdown must not wait for it)', async () => {
    const unreachable = `redis://127.0.0.1:${await freePort()}`;
    const queueName = `jobs-test-${randomBytes(4).toString('hex')}`;
    const r = new JobRunner({
      db,
      log,
      pollMs: 600_000,
      dispatcher: new BullmqDispatcher({ redisUrl: unreachable, queueName, concurrency: 2, log }),
    });
    r.start();
    await new Promise((res) => setTimeout(res, 500));
    const started = Date.now();
    await Promise.race([
      r.stop(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('stop() still waiting')), 10_000)),
    ]);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe('job runner with BullMQ wake-ups (REDIS_URL)', () => {
  beforeAll(async () => {
    const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0 });
    try {
      await probe.connect();
      await probe.ping();
    } catch {
      throw new Error(`These tests need Redis at ${REDIS_URL}: start it with "redis-server --daemonize yes"`);
    } finally {
      probe.disconnect();
    }
  });

  const dispatcher = (queueName: string) =>
    new BullmqDispatcher({ redisUrl: REDIS_URL, queueName, concurrency: 2, log });

  it('runs a job on the instance the wake-up reaches, without waiting for the poll', async () => {
    const queueName = `jobs-test-${randomBytes(4).toString('hex')}`;
    const k = kind('woken');
    // Polls so rare that only the Redis wake-up can explain a prompt run.
    const producer = runner({ pollMs: 600_000, dispatcher: dispatcher(queueName) });
    const consumer = runner({ pollMs: 600_000, dispatcher: dispatcher(queueName) });
    const ranOn: string[] = [];
    producer.define(k, { timeoutMs: 1000, handler: async () => void ranOn.push('producer') });
    consumer.define(k, { timeoutMs: 1000, handler: async () => void ranOn.push('consumer') });
    producer.start();
    consumer.start();
    await new Promise((res) => setTimeout(res, 300));
    const jobsQueued = await Promise.all(Array.from({ length: 6 }, () => producer.enqueue(k, {})));
    for (const j of jobsQueued) expect((await settled(producer, j.id, 8_000)).status).toBe('done');
    expect(ranOn).toHaveLength(6);
  });

  it('schedules the retry of a failed attempt through a delayed wake-up', async () => {
    const queueName = `jobs-test-${randomBytes(4).toString('hex')}`;
    const k = kind('woken-retry');
    const r = runner({ pollMs: 600_000, dispatcher: dispatcher(queueName) });
    let calls = 0;
    r.define(k, {
      timeoutMs: 1000,
      backoff: { baseMs: 300, maxMs: 300 },
      handler: async () => {
        calls++;
        if (calls === 1) throw new Error('first attempt fails');
      },
    });
    r.start();
    await new Promise((res) => setTimeout(res, 300));
    const row = await settled(r, (await r.enqueue(k, {})).id, 8_000);
    expect(row).toMatchObject({ status: 'done', attempts: 2 });
  });
});
