import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { COLUMN_OWNERS, TABLE_OWNERS } from '../../src/db/owners';
import * as schema from '../../src/db/schema';
import * as simulatorTables from '../../src/modules/payments/gateway/simulator-tables';
import { findTableWrites, refusal, sqlSetColumns, type Ownership, type SchemaIndex } from './table-writes';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));
const MODULES = path.join(SRC, 'modules');

/** Every table the app migrates, by export name and SQL name, with its columns. */
function schemaIndex(): SchemaIndex {
  const index: SchemaIndex = { byExport: new Map(), columns: new Map() };
  for (const [name, value] of Object.entries({ ...schema, ...simulatorTables })) {
    if (!is(value, PgTable)) continue;
    const table = getTableName(value);
    index.byExport.set(name, table);
    index.columns.set(
      table,
      new Map(Object.entries(getTableColumns(value)).map(([key, column]) => [key, column.name])),
    );
  }
  return index;
}

const SCHEMA = schemaIndex();
const OWNERSHIP: Ownership = { tables: TABLE_OWNERS, columns: COLUMN_OWNERS };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [full] : [];
  });
}

/** What a module's file writes that it does not own, one line per write. */
function violations(module: string, file: string, text: string): string[] {
  return findTableWrites(file, text, SCHEMA).flatMap((w) => {
    const why = refusal(module, w, OWNERSHIP);
    return why ? [why] : [];
  });
}

describe('one owner per table (src/db/owners.ts)', () => {
  it('names an owner for every table, and only tables and columns that exist', () => {
    const tables = [...SCHEMA.columns.keys()].sort();
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual(tables);
    for (const owner of new Set(Object.values(TABLE_OWNERS))) {
      expect(owner === 'kernel' || existsSync(path.join(MODULES, owner)), owner).toBe(true);
    }
    for (const [table, byModule] of Object.entries(COLUMN_OWNERS)) {
      const columns = [...SCHEMA.columns.get(table)!.values()];
      for (const [module, kept] of Object.entries(byModule!)) {
        expect(existsSync(path.join(MODULES, module)), module).toBe(true);
        for (const c of kept) expect(columns, `${table}.${c}`).toContain(c);
      }
    }
  });

  it('no module writes a table, or columns, it does not own', () => {
    const found: string[] = [];
    let writes = 0;
    for (const module of readdirSync(MODULES)) {
      const dir = path.join(MODULES, module);
      if (!statSync(dir).isDirectory()) continue;
      for (const file of sourceFiles(dir)) {
        const text = readFileSync(file, 'utf8');
        const relative = path.relative(path.join(SRC, '..'), file);
        writes += findTableWrites(relative, text, SCHEMA).length;
        found.push(...violations(module, relative, text));
      }
    }
    // The scan sees the app's writes (a scanner that found nothing would pass for the wrong reason).
    expect(writes).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });

  describe('the scanner', () => {
    const file = 'src/modules/x/file.ts';

    it('finds drizzle writes through imports, aliases and local names, and names file, line and table', () => {
      const text = [
        "import { chatRooms, users as people } from '../../db/schema';",
        "import { alias } from 'drizzle-orm/pg-core';",
        'const room = alias(chatRooms, "r");',
        'async function f(db) {',
        '  await db.insert(people).values({ role: "editor" });',
        '  const t = chatRooms;',
        '  await tx.update(t).set({ isFrozen: true });',
        '  await this.db.delete(room).where(x);',
        '}',
      ].join('\n');
      expect(violations('moderation', file, text)).toEqual([
        `${file}:5: moderation inserts into users, owned by auth`,
        `${file}:7: moderation updates chat_rooms, owned by chat`,
        `${file}:8: moderation deletes from chat_rooms, owned by chat`,
      ]);
      expect(violations('chat', file, text)).toEqual([`${file}:5: chat inserts into users, owned by auth`]);
    });

    it('finds writes in sql`` templates, interpolated or written out, and skips SQL comments', () => {
      const text = [
        "import { chatMessages, chatRooms } from '../../db/schema';",
        'await db.execute(sql`',
        '  -- update chat_digests set x = 1',
        '  update ${chatRooms} r set last_message_text = ${preview}, updated_at = now()',
        '  from (select 1) n where r.id = ${id}`);',
        'await db.execute(sql`insert into chat_messages (content) values (${c})`);',
        'await db.execute(sql`DELETE FROM "public"."chat_messages" where id = ${id}`);',
        'await db.execute(sql`insert into ${chatMessages} (x) values (1) on conflict (x) do update set x = 2`);',
      ].join('\n');
      expect(violations('moderation', file, text)).toEqual([
        `${file}:2: moderation updates chat_rooms, owned by chat`,
        `${file}:6: moderation inserts into chat_messages, owned by chat`,
        `${file}:7: moderation deletes from chat_messages, owned by chat`,
        `${file}:8: moderation inserts into chat_messages, owned by chat`,
      ]);
      expect(violations('chat', file, text)).toEqual([]);
    });

    it("checks the columns a module keeps in another's table, and the owner's hands off them", () => {
      const text = [
        "import { users } from '../../db/schema';",
        'await db.update(users).set({ verifiedAt: null, ...(a ? { photoKey: k } : {}) });',
        'await db.update(users).set({ username, usernameCanonical });',
        'await db.execute(sql`update ${users} set rating_score = 1, recommended_score = ${s} where ${w}`);',
        'await db.execute(sql`update ${users} u set photo_key = ${k}, deleted_at = now() from (select 1) old`);',
        'await db.insert(users).values({ username });',
        'await db.update(users).set(changes);',
      ].join('\n');
      expect(violations('portfolio', file, text)).toEqual([
        `${file}:3: portfolio updates users.username, username_canonical, owned by auth`,
        `${file}:5: portfolio updates users.deleted_at, owned by auth`,
        `${file}:6: portfolio inserts into users (owned by auth; portfolio keeps only some columns)`,
        `${file}:7: portfolio updates users (owned by auth) with columns the source does not show`,
      ]);
      expect(violations('auth', file, text)).toEqual([
        `${file}:2: auth updates users.verified_at, photo_key, kept by portfolio`,
        `${file}:4: auth updates users.rating_score, recommended_score, kept by portfolio`,
        `${file}:5: auth updates users.photo_key, kept by portfolio`,
      ]);
      expect(
        violations('reviews', file, 'sql`update ${users} set rating_count = rating_count + 1 where x`'),
      ).toEqual([]);
    });

    it('leaves alone what is not a table write', () => {
      const text = [
        "import { users } from '../../db/schema';",
        '// await db.update(users).set({ username })',
        'const note = "update users set username = 1";',
        'cache.delete(key);',
        "hash.update('insert into users');",
        'storage.delete("public", users);',
        'log(`update ${thing} later`);',
        'await db.select().from(users);',
      ].join('\n');
      expect(findTableWrites(file, text, SCHEMA)).toEqual([]);
    });

    it('reads the set list of an SQL update', () => {
      expect(sqlSetColumns(' u set a = (select 1, 2), "b" = f(x, y) where c = 1')).toEqual(['a', 'b']);
      expect(sqlSetColumns(' set (a, b) = (1, 2) returning a')).toEqual(['a', 'b']);
      expect(sqlSetColumns(' set a = 1 from t where t.x = 1')).toEqual(['a']);
      expect(sqlSetColumns(' nothing here')).toBeNull();
    });
  });
});
