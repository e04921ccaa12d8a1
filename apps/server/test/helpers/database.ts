import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { MIGRATIONS_DIR, openDatabase, type Database, type Db } from '../../src/db/client';
import { withDatabase } from '../global-setup';

export interface TestDatabase {
  database: Database;
  /** PostgreSQL URL of this file's own database (undefined on PGlite). */
  url?: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database for one test file: a copy of the template made in global setup. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    const name = `cutroom_t_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    const url = withDatabase(baseUrl, name);
    const database = await openDatabase({ databaseUrl: url, poolSize: 5, onIdleError: () => {} });
    return {
      database,
      url,
      async drop() {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const blob = new Blob([readFileSync(inject('pgliteTemplate'))]);
  const database = await openDatabase({ loadDataDir: blob });
  return { database, drop: () => database.close() };
}

/**
 * Runs one migration's SQL again, statement by statement in one transaction, as the migrator ran it
 * (for one-off data migrations: the test writes the old rows first, then runs the migration over them).
 */
export async function runMigrationFile(db: Db, file: string): Promise<void> {
  const text = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
  const statements = text.split('--> statement-breakpoint').filter((s) => s.trim() !== '');
  await db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(sql.raw(statement));
  });
}
