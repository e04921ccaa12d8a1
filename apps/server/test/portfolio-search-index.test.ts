import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { editorSearchQuerySchema } from '@cutroom/contracts';
import {
  catalogueCountsQuery,
  cataloguePageQuery,
  catalogueSearchQuery,
} from '../src/modules/portfolio/catalogue-query';
import { apiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';

const EDITORS = 100_000;

/** Search must stay an index lookup when the marketplace is large (issue 4: 100,000 editors). */
describe('editor search at scale', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    await server.db.execute(sql`
      insert into users (role, username, password_hash, search_text, created_at, catalogue_tags,
        has_tiers, sample_count, price_basic, price_pro, price_from, fastest_days, rating_count, rating_sum,
        rating_score)
      -- A password hash as long as argon2id's, so rows are as wide as real ones (the planner weighs that).
      select 'editor', 'bulk editor ' || i, '$argon2id$v=19$m=19456,t=2,p=1$' || repeat('x', 66),
        lower('bulk editor ' || i || ' '
          || (array['travel','wedding','gaming','vlog','music video','anime','podcast','fitness'])[1 + i % 8]
          || ' tag' || (i % 4999)),
        now() - make_interval(secs => i),
        array[(array['travel','wedding','gaming','vlog','music video','anime','podcast','fitness'])[1 + i % 8]],
        true, 2, 500 + i % 3000, case when i % 3 = 0 then null else 4000 + i % 9000 end, 500 + i % 3000,
        case when i % 3 = 0 then 3 else 2 end, i % 50, (i % 50) * 4, case when i % 50 > 0 then 4.0 end
      from generate_series(1, ${EDITORS}) as i`);
    // The visibility map as autovacuum keeps it: index-only scans need it.
    await server.db.execute(sql`vacuum analyze users`);
  }, 120_000);
  afterAll(() => server?.close());

  const plan = async (query: string) => {
    const result = await server.db.execute(
      sql`explain ${catalogueSearchQuery({ query: query.trim(), page: { page: 1, limit: 50 }, filters: { sort: 'recommended', tags: [] } })}`,
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

  const planOf = async (statement: ReturnType<typeof cataloguePageQuery>) => {
    const result = await server.db.execute(sql`explain ${statement}`);
    return (result as unknown as { rows: Record<string, string>[] }).rows
      .map((r) => Object.values(r)[0])
      .join('\n');
  };
  const request = (qs: string) => {
    const { query, page, ...filters } = editorSearchQuerySchema.parse(
      Object.fromEntries(new URLSearchParams(qs)),
    );
    return { query, filters, page: { page, limit: 20 } };
  };

  it("walks each sort's own index, and counts from narrow indexes", async () => {
    for (const sort of ['recommended', 'rating', 'price', 'fastest']) {
      const page = await planOf(cataloguePageQuery(request(`sort=${sort}`)));
      expect(page, `${sort}:\n${page}`).toContain(`users_editor_${sort}_idx`);
      expect(page).not.toMatch(/Seq Scan on users|Sort\b/);
    }
    const priced = await planOf(catalogueCountsQuery(request('tier=pro&minPrice=5000&maxPrice=6000')));
    expect(priced, priced).toContain('Index Only Scan using users_editor_counts_idx');
    const tagged = await planOf(catalogueCountsQuery(request('tags=anime')));
    expect(tagged, tagged).toContain('users_editor_tags_idx');
    for (const qs of [
      'tags=anime&sort=price',
      'tier=pro&minPrice=5000&sort=rating',
      'minPrice=600&maxPrice=700&sort=fastest',
    ]) {
      const page = await planOf(cataloguePageQuery(request(qs)));
      expect(page, `${qs}:\n${page}`).not.toMatch(/Seq Scan on users/);
    }
    const words = await planOf(catalogueSearchQuery(request('query=editor%204242%20wedding&sort=rating')));
    expect(words, words).toContain('users_search_trgm_idx');
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
