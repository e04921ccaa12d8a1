import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database, type Db } from '../../apps/server/src/db/client';

export type DatabaseKind = 'pglite' | 'postgres';

/** Where the benchmarks create (and drop) their own databases; override with BENCH_POSTGRES_URL. */
export const POSTGRES_ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export interface BenchDatabase {
  kind: DatabaseKind;
  /** DATABASE_URL for the server (undefined: PGlite in the server's DATA_DIR). */
  serverUrl?: string;
  /** The bench's own connection for seeding and EXPLAIN; on PGlite it must be released before the server opens the files. */
  db: Db;
  database: Database;
  release(): Promise<void>;
  drop(): Promise<void>;
}

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(
      `PostgreSQL is not answering at ${POSTGRES_ADMIN_URL} (${(err as Error).message}); start it with ` +
        '`pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start` or set BENCH_POSTGRES_URL',
    );
  }
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * A fresh, migrated database of its own: a new PostgreSQL database that drop() removes, or a PGlite
 * directory at `${dataDir}/db`, where the server started with DATA_DIR=dataDir finds it.
 */
export async function createBenchDatabase(kind: DatabaseKind, dataDir: string): Promise<BenchDatabase> {
  if (kind === 'postgres') {
    const name = `cutroom_bench_${randomBytes(4).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    const url = withDatabase(POSTGRES_ADMIN_URL, name);
    const database = await openDatabase({ databaseUrl: url, poolSize: 4, onIdleError: () => {} });
    let released = false;
    const release = async () => {
      if (released) return;
      released = true;
      await database.close();
    };
    return {
      kind,
      serverUrl: url,
      db: database.db,
      database,
      release,
      async drop() {
        await release();
        await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    await database.close();
  };
  // The directory goes with the run's temporary DATA_DIR.
  return { kind, db: database.db, database, release, drop: release };
}
