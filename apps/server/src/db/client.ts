import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the underlying instance (tests dump it as a template). */
  pglite?: PGlite;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** PGlite directory; ignored with databaseUrl. */
  dataDir?: string;
  /** PGlite: start from a dumped, already-migrated database (tests). */
  loadDataDir?: Blob;
  poolSize?: number;
  /** Errors of idle PostgreSQL connections (server restart, terminated backend) and a close that stopped
   * waiting; logged, never fatal. */
  onIdleError?: (err: Error) => void;
  /** PostgreSQL: how long close() waits for connections still checked out (default 5 s). */
  closeGraceMs?: number;
}

/**
 * pool.end() waits for every checked-out connection, so one query stuck at shutdown (a lock wait, a
 * dead network) would hold the process forever. Past the grace the close stops waiting; the remaining
 * connections end with the process.
 */
async function endPool(pool: pg.Pool, graceMs: number, warn: (err: Error) => void): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), graceMs);
    timer.unref();
  });
  const ended = pool.end().then(() => 'ended' as const);
  const outcome = await Promise.race([ended, late]).finally(() => clearTimeout(timer));
  if (outcome === 'late') {
    warn(new Error(`postgres pool closed with connections still in use after ${graceMs} ms`));
    ended.catch(() => {});
  }
}

/** Opens PostgreSQL when a URL is given, else the embedded PGlite, and applies pending migrations. */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // Without a listener an idle client's error would crash the process; the pool replaces the client.
    const warn = opts.onIdleError ?? ((err: Error) => console.warn(`postgres: ${err.message}`));
    pool.on('error', warn);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      close: () => endPool(pool, opts.closeGraceMs ?? 5_000, warn),
    };
  }
  const dataDir = opts.dataDir ? path.resolve(opts.dataDir) : undefined;
  if (dataDir) mkdirSync(path.dirname(dataDir), { recursive: true });
  const client = await PGlite.create({
    dataDir,
    loadDataDir: opts.loadDataDir,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db,
    kind: 'pglite',
    pglite: client,
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  };
}
