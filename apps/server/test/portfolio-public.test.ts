import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { apiClient, type ApiClient } from './helpers/http';
import { makeImage } from './helpers/media';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { sampleForm, saveStructure } from './portfolio-fixtures';

/** What anyone sees of an editor (issue 15 added the trust signals); never the e-mail. No photo yet. */
const PUBLIC_EDITOR_KEYS = [
  '_id',
  'fastestDays',
  'portfolio',
  'rating',
  'startingPrice',
  'trackRecord',
  'username',
  'verified',
];

describe('public editor browsing and search', () => {
  let server: TestServer;
  let api: ApiClient;
  let admin: TestUser;
  let riya: TestUser;
  let kabir: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    admin = await createTestUser(server.db, 'admin');
    riya = await createTestUser(server.db, 'editor', {
      username: 'Riya Cuts',
      email: 'riya@private.example',
    });
    kabir = await createTestUser(server.db, 'editor', { username: 'Kabir_Motion' });
    await createTestUser(server.db, 'editor', { username: 'Plain100%' });
    await saveStructure(api, admin.token, riya.id);
    await saveStructure(api, admin.token, kabir.id, {
      whatsIncluded: ['Voice Over'],
      tiers: [{ title: 'intermediate', description: '', features: [], pricing: [] } as never],
    });
    const image = await makeImage({ width: 640, height: 360 });
    const up = await api.patch(
      `/api/admin/editors/${riya.id}/portfolio/samples`,
      sampleForm([
        { tier: 'basic', index: 0, name: 'a.jpg', bytes: image, tags: ['Wedding Films', 'travel'] },
        { tier: 'pro', index: 0, name: 'b.jpg', bytes: image, tags: ['Anime AMV'] },
      ]),
      { token: admin.token },
    );
    expect(up.status).toBe(200);
  });
  afterAll(() => server?.close());

  const names = (body: any) => body.data.map((e: any) => e.username);

  it('lists live editors newest first with portfolios, counts and paging; never e-mails', async () => {
    const res = await api.get('/api/users/editors');
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['Plain100%', 'Kabir_Motion', 'Riya Cuts']);
    expect(res.body).toMatchObject({ page: 1, limit: 50, total: 3, hasMore: false });
    expect(res.body.summary).toEqual({ availableEditors: 3, editorsWithPortfolios: 2, totalSamples: 2 });
    const riyaCard = res.body.data[2];
    expect(Object.keys(riyaCard).sort()).toEqual(PUBLIC_EDITOR_KEYS);
    expect(riyaCard.portfolio.whatsIncluded).toEqual(['Background Music', 'Revisions']);
    expect(riyaCard.portfolio.tiers.map((t: any) => [t.title, t.pricing[0], t.samples.length])).toEqual([
      ['basic', { reelCount: 1, priceMin: 999 }, 1],
      ['pro', { reelCount: 3, priceMin: 4999, priceMax: 7999 }, 1],
    ]);
    expect(res.body.data[0].portfolio).toEqual({ whatsIncluded: [], tiers: [] });
    expect(JSON.stringify(res.body)).not.toContain('riya@private.example');
    expect(JSON.stringify(res.body)).not.toContain('passwordHash');

    const page2 = await api.get('/api/users/editors?limit=2&page=2');
    expect(names(page2.body)).toEqual(['Riya Cuts']);
    expect(page2.body).toMatchObject({ page: 2, limit: 2, total: 3, hasMore: false });
    expect((await api.get('/api/users/editors?limit=2')).body.hasMore).toBe(true);
  });

  it('has a hard maximum page size', async () => {
    const res = await api.get('/api/users/editors?limit=101');
    expect(res.status).toBe(400);
    expect((await api.get('/api/users/editors?limit=100')).status).toBe(200);
    expect((await api.get('/api/users/editors/search?query=a&limit=5000')).status).toBe(400);
  });

  it('finds editors by name or tag, case-insensitive and partial', async () => {
    const search = async (q: string) => {
      const res = await api.get(`/api/users/editors/search?query=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      return names(res.body);
    };
    expect(await search('riya')).toEqual(['Riya Cuts']);
    expect(await search('CUTS')).toEqual(['Riya Cuts']);
    expect(await search('wedding')).toEqual(['Riya Cuts']);
    expect(await search('ding fil')).toEqual(['Riya Cuts']);
    expect(await search('amv')).toEqual(['Riya Cuts']);
    expect(await search('motion')).toEqual(['Kabir_Motion']);
    expect(await search('nobody-like-this')).toEqual([]);
    // LIKE's wildcards are plain characters in a search.
    expect(await search('100%')).toEqual(['Plain100%']);
    expect(await search('_')).toEqual(['Kabir_Motion']);
    // An empty search is the full list.
    expect(await search('  ')).toEqual(['Plain100%', 'Kabir_Motion', 'Riya Cuts']);
    const withSummary = await api.get('/api/users/editors/search?query=travel');
    expect(withSummary.body.summary).toEqual({
      availableEditors: 1,
      editorsWithPortfolios: 1,
      totalSamples: 2,
    });
  });

  it('shows one editor without e-mail, and 404 for unknown, malformed or deleted ids', async () => {
    const res = await api.get(`/api/users/editors/${riya.id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(PUBLIC_EDITOR_KEYS);
    expect(res.body.data.portfolio.tiers[0].samples[0]).toMatchObject({
      type: 'image/jpeg',
      tags: ['Wedding Films', 'travel'],
    });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', admin.id]) {
      const r = await api.get(`/api/users/editors/${id}`);
      expect(r.status).toBe(404);
      expect(r.body.message).toBe('Editor not found or deleted');
    }
  });

  it('keeps search text up to date on rename and sample deletion', async () => {
    const renamed = await api.post(
      `/api/admin/editors/${kabir.id}/updateName`,
      { username: 'Kabir Frames' },
      { token: admin.token },
    );
    expect(renamed.status).toBe(200);
    const find = async (q: string) => names((await api.get(`/api/users/editors/search?query=${q}`)).body);
    expect(await find('motion')).toEqual([]);
    expect(await find('frames')).toEqual(['Kabir Frames']);

    const detail = await api.get(`/api/users/editors/${riya.id}`);
    const pro = detail.body.data.portfolio.tiers[1].samples[0];
    const del = await api.delete(
      `/api/admin/editors/${riya.id}/portfolio/${pro._id}`,
      { sampleUrl: pro.url },
      { token: admin.token },
    );
    expect(del.status).toBe(200);
    expect(await find('amv')).toEqual([]);
    expect(await find('travel')).toEqual(['Riya Cuts']);
    const [row] = await server.db.select().from(users).where(eq(users.id, riya.id));
    expect(row!.searchText).toBe('riya cuts travel wedding films');
  });

  it('hides a deleted editor from the list, the search and the page', async () => {
    const gone = await createTestUser(server.db, 'editor', { username: 'Soon Gone' });
    expect(names((await api.get('/api/users/editors')).body)).toContain('Soon Gone');
    const del = await api.delete(`/api/admin/editors/delete/${gone.id}`, undefined, { token: admin.token });
    expect(del.status).toBe(200);
    expect(names((await api.get('/api/users/editors')).body)).not.toContain('Soon Gone');
    expect(names((await api.get('/api/users/editors/search?query=soon')).body)).toEqual([]);
    expect((await api.get(`/api/users/editors/${gone.id}`)).status).toBe(404);
    expect((await api.get('/api/users/editors')).body.summary.availableEditors).toBe(3);
  });
});
