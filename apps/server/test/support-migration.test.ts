import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/db/client';
import { withDatabase } from './global-setup';

const TAG = '0015_support_ticket_status';

/** The migrations folder as it was before this one: the same files, the journal cut before it. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cutroom-migrations-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

type Migrated = { execute: (query: SQL) => Promise<{ rows: unknown[] }> };

/** A new PostgreSQL database when the suite runs on one, else an in-memory PGlite; dropped by `cleanups`. */
async function openDatabase(): Promise<{ db: Migrated; migrate: (folder: string) => Promise<void> }> {
  let db: Migrated;
  let migrate: (folder: string) => Promise<void>;
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `cutroom_mig_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const client = new pg.Client({ connectionString: withDatabase(url, name) });
    // The drop below ends this connection from the server's side; that is expected, not an error.
    client.on('error', () => {});
    await client.connect();
    cleanups.push(async () => {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });
    const d = drizzlePg(client);
    db = { execute: (query) => d.execute(query) };
    migrate = (folder) => migratePg(d, { migrationsFolder: folder });
  } else {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    cleanups.push(() => client.close());
    const d = drizzlePglite(client);
    db = { execute: (query) => d.execute(query) };
    migrate = (folder) => migratePglite(d, { migrationsFolder: folder });
  }

  return { db, migrate };
}

/**
 * Migration 0015 on a database holding tickets from before it: every existing ticket becomes open (no
 * closedAt, no closer, no replies), and from then on a closed ticket must say when it was closed.
 */
describe('support ticket status migration', { timeout: 120_000 }, () => {
  it('opens the tickets filed before it', async () => {
    const before = migrationsBefore(TAG);
    cleanups.push(() => rmSync(before, { recursive: true, force: true }));

    const { db, migrate } = await openDatabase();

    await migrate(before);
    await db.execute(sql`
      insert into support_tickets (name, email, subject, message, created_at)
      values ('Old', 'old@example.com', null, 'From before statuses', now() - interval '30 days'),
             ('Older', 'older@example.com', 'Billing', 'Also old', now() - interval '60 days')`);

    await migrate(MIGRATIONS_DIR);
    const rows = await db.execute(
      sql`select name, status, closed_at, closed_by from support_tickets order by name`,
    );
    expect(rows.rows).toEqual([
      { name: 'Old', status: 'open', closed_at: null, closed_by: null },
      { name: 'Older', status: 'open', closed_at: null, closed_by: null },
    ]);
    const replies = await db.execute(sql`select count(*)::int as n from support_ticket_replies`);
    expect(replies.rows[0]).toEqual({ n: 0 });

    // Closed without a time is refused by the database itself.
    await expect(
      db.execute(sql`update support_tickets set status = 'closed' where name = 'Old'`),
    ).rejects.toThrow();
    await db.execute(sql`update support_tickets set status = 'closed', closed_at = now() where name = 'Old'`);
  });
});

/**
 * Migration 0025 (issue 25) on a database holding tickets from before it: each gets a number of the
 * sequence (T-1001 on), no owner and no order; a ticket filed after it takes the next number.
 */
describe('support ticket number migration', { timeout: 120_000 }, () => {
  it('numbers the tickets filed before it', async () => {
    const before = migrationsBefore('0025_support-tickets-and-dashboard');
    cleanups.push(() => rmSync(before, { recursive: true, force: true }));
    const { db, migrate } = await openDatabase();
    await migrate(before);
    await db.execute(sql`
      insert into support_tickets (name, email, message)
      values ('Old', 'old@example.com', 'one'), ('Older', 'older@example.com', 'two')`);

    await migrate(MIGRATIONS_DIR);
    const rows = (
      await db.execute(sql`select number, user_id, order_id from support_tickets order by number`)
    ).rows as { number: string | number; user_id: null; order_id: null }[];
    expect(rows.map((r) => Number(r.number))).toEqual([1001, 1002]);
    expect(rows.every((r) => r.user_id === null && r.order_id === null)).toBe(true);
    const next = await db.execute(
      sql`insert into support_tickets (name, email, message) values ('New', 'n@example.com', 'three') returning number`,
    );
    expect(Number((next.rows[0] as { number: string | number }).number)).toBe(1003);
    // The number is the database's to give.
    await expect(
      db.execute(
        sql`insert into support_tickets (number, name, email, message) values (5, 'X', 'x@e.com', 'x')`,
      ),
    ).rejects.toThrow();
  });
});
