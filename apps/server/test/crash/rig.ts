import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { inject } from 'vitest';
import { openDatabase, type Db } from '../../src/db/client';
import * as schema from '../../src/db/schema';
import type { CrashPointName } from '../../src/lib/crash-points';
import { startFakeCashfree, type FakeCashfree } from '../fakes/cashfree';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import type { ServerProcess } from '../helpers/process';
import { runWarm, warmProcess, type WarmProcess } from './warm-process';

/**
 * The crash tests' rig: the Cashfree fake in this process (so the gateway outlives the server), and the real
 * server (main.ts) as a child process over one database that every case shares: this file's PostgreSQL
 * database when TEST_DATABASE_URL is set, else the child's own embedded PGlite in its data directory.
 *
 * PGlite is one process's at a time, so this process reads and writes the database only while no server
 * runs (`withDb`): to seed users, to let a dead runner's job leases run out, and for the final checks.
 */
export interface CrashRig {
  fake: FakeCashfree;
  /** Runs `fn` over the database; on PGlite only while no server runs. */
  withDb<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /** Starts a server; with `crashAt` it kills itself (SIGKILL) at that crash point. */
  start(crashAt?: CrashPointName): Promise<ServerProcess>;
  /** Waits until the server died of SIGKILL (its crash point), failing with its output otherwise. */
  crashed(server: ServerProcess, withinMs?: number): Promise<void>;
  /** Stops a server gracefully (SIGTERM), as a deployment does. */
  stop(server: ServerProcess): Promise<void>;
  /**
   * What 30 s after a crash does to its jobs: the dead runner's leases expire (the runner's own lease is
   * 30 s, too long to wait for in a test), so the next server's runner takes them over at once.
   */
  expireLeases(): Promise<void>;
  /** What the jobs and reconciliation runs still hold (for a failure's message); no server may run. */
  diagnose(): Promise<string>;
  close(): Promise<void>;
}

/** The server's settings for these tests: the split at once after payment, reconciliation every second. */
const SERVER_ENV = {
  PAYMENT_PROVIDER: 'cashfree',
  REDIS_URL: '',
  PAYOUT_SPLIT_AFTER_SECONDS: '0',
  PAYOUT_CLEARING_DAYS: String(3 / 86_400),
  RECONCILE_INTERVAL_SECONDS: '1',
  RECONCILE_AFTER_SECONDS: '0',
  PAYMENT_STATUS_CACHE_SECONDS: '0',
  // CRASH_LOG_LEVEL=debug shows what the servers did in a failing case's message.
  LOG_LEVEL: process.env.CRASH_LOG_LEVEL ?? 'warn',
};

export async function startCrashRig(): Promise<CrashRig> {
  // The fake's 2-minute wait after payment is tested elsewhere; here the split goes at once.
  const fake = await startFakeCashfree(undefined, undefined, { splitWaitMs: 0 });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cutroom-crash-'));
  const shared: TestDatabase | null = process.env.TEST_DATABASE_URL ? await createTestDatabase() : null;
  const running = new Set<ServerProcess>();
  let seeded = false;
  // The next server's process, loading its modules while the tests drive the current one.
  let next: WarmProcess | null = warmProcess();

  const withDb = async <T>(fn: (db: Db) => Promise<T>): Promise<T> => {
    if (shared) return fn(shared.database.db);
    if (running.size > 0) throw new Error('PGlite: the server holds the database');
    // The first open starts from the migrated template, as every test database does; later ones open
    // what the servers left (migrated by them) without running the migrator again.
    if (!seeded) {
      const database = await openDatabase({
        dataDir: path.join(dataDir, 'db'),
        loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]),
      });
      seeded = true;
      try {
        return await fn(database.db);
      } finally {
        await database.close();
      }
    }
    const client = await PGlite.create({ dataDir: path.join(dataDir, 'db'), extensions: { pg_trgm } });
    try {
      return await fn(drizzle(client, { schema }) as unknown as Db);
    } finally {
      await client.close();
    }
  };

  const exited = (server: ServerProcess) =>
    server.child.exitCode !== null || server.child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => server.child.once('exit', () => resolve()));

  return {
    fake,
    withDb,
    async start(crashAt) {
      if (!shared && !seeded) await withDb(async () => {});
      const warm = next ?? warmProcess();
      next = null;
      const server = await runWarm(
        warm,
        {
          ...SERVER_ENV,
          DATABASE_URL: shared?.url ?? '',
          CASHFREE_CLIENT_ID: fake.clientId,
          CASHFREE_CLIENT_SECRET: fake.clientSecret,
          CASHFREE_BASE_URL: fake.baseUrl,
          CUTROOM_CRASH_AT: crashAt ?? '',
        },
        dataDir,
        60_000,
      );
      running.add(server);
      void exited(server).then(() => running.delete(server));
      next = warmProcess();
      return server;
    },
    async crashed(server, withinMs = 30_000) {
      const timer = new Promise<never>((_, reject) =>
        setTimeout(
          () => reject(new Error(`no crash within ${withinMs} ms:\n${server.output.join('')}`)),
          withinMs,
        ).unref(),
      );
      await Promise.race([exited(server), timer]);
      if (server.child.signalCode !== 'SIGKILL') {
        throw new Error(
          `server ended with ${server.child.exitCode ?? server.child.signalCode}, not SIGKILL:\n${server.output.join('')}`,
        );
      }
      running.delete(server);
    },
    async stop(server) {
      if (server.child.exitCode !== null || server.child.signalCode !== null) return;
      const done = exited(server);
      server.child.kill('SIGTERM');
      const force = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
      await done;
      clearTimeout(force);
      running.delete(server);
    },
    expireLeases: () =>
      withDb(async (db) => {
        await db.execute(
          sql`update jobs set locked_until = now() - interval '1 second' where status = 'running'`,
        );
      }),
    diagnose: () =>
      withDb(async (db) => {
        const jobs = await db.execute(
          sql`select kind, status, attempts, run_after, locked_until, last_error from jobs where status <> 'done'`,
        );
        const runs = await db.execute(
          sql`select started_at, finished_at, error from reconciliation_runs order by started_at desc limit 3`,
        );
        const rows = (r: unknown) => JSON.stringify((r as { rows?: unknown[] }).rows ?? r);
        return `jobs not done: ${rows(jobs)}\nlast reconciliation runs: ${rows(runs)}`;
      }),
    async close() {
      for (const server of [...running]) server.child.kill('SIGKILL');
      next?.child.kill('SIGKILL');
      await fake.close();
      await shared?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
