import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { editorSearchQuery } from '../src/modules/portfolio/editors-service';
import { apiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';

const EDITORS = 100_000;

/** Search must stay an index lookup when the marketplace is large (issue 4: 100,000 editors). */
describe('editor search at scale', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    await server.db.execute(sql`
      insert into users (role, username, password_hash, search_text, created_at)
      select 'editor', 'bulk editor ' || i, 'not-a-hash',
        lower('bulk editor ' || i || ' '
          || (array['travel','wedding','gaming','vlog','music video','anime','podcast','fitness'])[1 + i % 8]
          || ' tag' || (i % 4999)),
        now() - make_interval(secs => i)
      from generate_series(1, ${EDITORS}) as i`);
    await server.db.execute(sql`analyze users`);
  }, 120_000);
  afterAll(() => server?.close());

  const plan = async (query: string) => {
    const result = await server.db.execute(
      sql`explain ${editorSearchQuery(query.trim(), { page: 1, limit: 50 })}`,
    );
    const rows = (result as unknown as { rows: Record<string, string>[] }).rows;
    return rows.map((r) => Object.values(r)[0]).join('\n');
  };

  it('uses the trigram index for a name or a tag', async () => {
    const [total] = await server.db.select({ n: count() }).from(users);
    expect(Number(total!.n)).toBeGreaterThanOrEqual(EDITORS);
    for (const query of ['Tag4321', 'editor 77777', 'EDITOR 4242 ']) {
      const text = await plan(query);
      expect(text, `${query}:\n${text}`).toContain('users_search_trgm_idx');
      expect(text).not.toMatch(/Seq Scan on users/);
    }
  });

  it('answers a search over 100,000 editors with the right editors', async () => {
    const api = apiClient(server.url);
    const started = Date.now();
    const res = await api.get('/api/users/editors/search?query=tag4321');
    const ms = Date.now() - started;
    expect(res.status).toBe(200);
    // i % 4999 = 4321 for i = 4321, 9320, …: twenty editors, some also match tag43210+ — none exist.
    expect(res.body.total).toBe(Math.floor((EDITORS - 4321) / 4999) + 1);
    expect(res.body.data.every((e: any) => /^bulk editor \d+$/.test(e.username))).toBe(true);
    expect(res.body.data[0].username).toBe('bulk editor 4321');
    console.info(`search over ${EDITORS} editors answered in ${ms} ms`);
  });
});
