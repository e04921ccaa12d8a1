import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioSamples, sessions } from '../src/db/schema';
import { findSessionUser } from '../src/modules/auth/session-service';
import { apiClient, type ApiClient } from './helpers/http';
import { makeImage } from './helpers/media';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { STRUCTURE, filesUnder, sampleForm, saveStructure } from './portfolio-fixtures';

describe('admin editor management', () => {
  let server: TestServer;
  let api: ApiClient;
  let admin: TestUser;
  let image: Buffer;

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    admin = await createTestUser(server.db, 'admin');
    image = await makeImage({ width: 500, height: 300 });
  });
  afterAll(() => server?.close());

  const as = () => ({ token: admin.token });
  const filesOf = (id: string) =>
    filesUnder(path.join(server.config.DATA_DIR, 'media', 'public', 'portfolio', id));

  it('lists editors for admins with e-mail and counts, searching by username only', async () => {
    const meera = await createTestUser(server.db, 'editor', {
      username: 'Meera Edits',
      email: 'meera@studio.example',
    });
    await createTestUser(server.db, 'editor', { username: 'Travelogue Tom' });
    await saveStructure(api, admin.token, meera.id);
    await api.patch(
      `/api/admin/editors/${meera.id}/portfolio/samples`,
      sampleForm([{ tier: 'basic', index: 0, name: 'a.jpg', bytes: image, tags: ['travel'] }]),
      as(),
    );
    const all = await api.get('/api/admin/editors', as());
    expect(all.status).toBe(200);
    const row = all.body.data.find((e: any) => e.username === 'Meera Edits');
    expect(row).toMatchObject({ _id: meera.id, email: 'meera@studio.example', tierCount: 2, sampleCount: 1 });
    expect(typeof row.createdAt).toBe('string');

    const byName = await api.get('/api/admin/editors?search=TRAVEL', as());
    // Meera has a "travel" tag, but the admin searches usernames.
    expect(byName.body.data.map((e: any) => e.username)).toEqual(['Travelogue Tom']);
    expect(byName.body).toMatchObject({ total: 1, page: 1, hasMore: false });
    expect((await api.get('/api/admin/editors?limit=1', as())).body).toMatchObject({
      limit: 1,
      hasMore: true,
    });
    expect((await api.get('/api/admin/editors?limit=500', as())).status).toBe(400);

    const detail = await api.get(`/api/admin/editors/${meera.id}`, as());
    expect(detail.body.data).toMatchObject({ username: 'Meera Edits', email: 'meera@studio.example' });
    expect(detail.body.data.portfolio.tiers).toHaveLength(2);
  });

  it('renames an editor; empty or taken names are refused', async () => {
    const editor = await createTestUser(server.db, 'editor', { username: 'Old Name' });
    const creator = await createTestUser(server.db, 'creator');
    const ok = await api.post(
      `/api/admin/editors/${editor.id}/updateName`,
      { username: '  New Name ' },
      as(),
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      message: 'Editor name updated successfully!',
      data: { _id: editor.id, username: 'New Name' },
    });
    expect((await api.get(`/api/users/editors/${editor.id}`)).body.data.username).toBe('New Name');

    const empty = await api.post(`/api/admin/editors/${editor.id}/updateName`, { username: '   ' }, as());
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Name cannot be empty');
    const missing = await api.post(`/api/admin/editors/${editor.id}/updateName`, {}, as());
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Name cannot be empty');

    const rival = await createTestUser(server.db, 'editor', { username: 'Rival Reels' });
    for (const taken of [
      'rival REELS',
      creator.username.toUpperCase(),
      admin.username,
      ` ${rival.username} `,
    ]) {
      const res = await api.post(`/api/admin/editors/${editor.id}/updateName`, { username: taken }, as());
      expect(res.status, taken).toBe(409);
      expect(res.body.message).toBe('This name is already taken');
    }
    // Changing only the case of one's own name is fine.
    expect(
      (await api.post(`/api/admin/editors/${editor.id}/updateName`, { username: 'new name' }, as())).status,
    ).toBe(200);
    expect(
      (
        await api.post(
          '/api/admin/editors/00000000-0000-4000-8000-000000000000/updateName',
          { username: 'X' },
          as(),
        )
      ).status,
    ).toBe(404);
  });

  it('soft-deletes an editor: hidden, signed out, rows kept', async () => {
    const editor = await createTestUser(server.db, 'editor');
    await saveStructure(api, admin.token, editor.id);
    const res = await api.delete(`/api/admin/editors/delete/${editor.id}`, undefined, as());
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Editor Deleted Successfully');
    expect(await findSessionUser(server.db, editor.token)).toBeNull();
    expect(await server.db.select().from(sessions).where(eq(sessions.userId, editor.id))).toEqual([]);
    expect(
      (await api.get('/api/admin/editors?limit=100', as())).body.data.map((e: any) => e._id),
    ).not.toContain(editor.id);
    expect((await api.get(`/api/admin/editors/${editor.id}`, as())).status).toBe(404);
    const again = await api.delete(`/api/admin/editors/delete/${editor.id}`, undefined, as());
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Editor not found or deleted');
    // Nothing more can be changed on a deleted editor.
    expect(
      (await api.patch(`/api/admin/editors/${editor.id}/portfolio/structure`, STRUCTURE, as())).status,
    ).toBe(404);
    expect(
      (await api.post(`/api/admin/editors/${editor.id}/updateName`, { username: 'Back' }, as())).status,
    ).toBe(404);
    // Admins and creators cannot be deleted through this route.
    expect((await api.delete(`/api/admin/editors/delete/${admin.id}`, undefined, as())).status).toBe(404);
  });

  it('saves the structure with its rules, and removing a tier removes its samples', async () => {
    const editor = await createTestUser(server.db, 'editor');
    const saved = await api.patch(
      `/api/admin/editors/${editor.id}/portfolio/structure`,
      {
        whatsIncluded: ['Voice Over', 'voice over ', 'Drone Shots'],
        tiers: [
          {
            title: 'pro',
            description: 'All in',
            features: ['VFX & compositing'],
            pricing: [{ reelCount: 2, priceMin: 5000 }],
            deliveryDays: 7,
            revisions: 2,
          },
          {
            title: 'basic',
            description: ' Fast ',
            features: ['1 revision', '1 revision'],
            pricing: [{ reelCount: 1, priceMin: 800, priceMax: 1200 }],
            deliveryDays: 3,
            revisions: 1,
          },
        ],
      },
      as(),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Portfolio updated.');
    expect(saved.body.data.whatsIncluded).toEqual(['Voice Over', 'Drone Shots']);
    expect(saved.body.data.tiers.map((t: any) => t.title)).toEqual(['basic', 'pro']);
    expect(saved.body.data.tiers[0]).toMatchObject({ description: 'Fast', features: ['1 revision'] });

    const bad = async (body: unknown) => {
      const r = await api.patch(`/api/admin/editors/${editor.id}/portfolio/structure`, body, as());
      expect(r.status).toBe(400);
      return r.body.message as string;
    };
    const tier = { title: 'basic', description: '', features: [], deliveryDays: 3, revisions: 1 };
    expect(
      await bad({ whatsIncluded: [], tiers: [{ ...tier, pricing: [{ reelCount: 1, priceMin: 0 }] }] }),
    ).toContain('Minimum price must be at least 1');
    expect(
      await bad({ whatsIncluded: [], tiers: [{ ...tier, pricing: [{ reelCount: 0, priceMin: 10 }] }] }),
    ).toContain('Reel count must be at least 1');
    expect(await bad({ whatsIncluded: [], tiers: [{ ...tier, title: 'gold', pricing: [] }] })).toBeTruthy();
    expect(
      await bad({
        whatsIncluded: [],
        tiers: [
          { ...tier, pricing: [] },
          { ...tier, pricing: [] },
        ],
      }),
    ).toContain('Each tier may appear only once');

    const up = await api.patch(
      `/api/admin/editors/${editor.id}/portfolio/samples`,
      sampleForm([
        { tier: 'basic', index: 0, name: 'a.jpg', bytes: image, tags: ['keep'] },
        { tier: 'pro', index: 0, name: 'b.jpg', bytes: image, tags: ['dropme'] },
      ]),
      as(),
    );
    expect(up.status).toBe(200);
    expect(filesOf(editor.id)).toHaveLength(4);
    const onlyBasic = await api.patch(
      `/api/admin/editors/${editor.id}/portfolio/structure`,
      { whatsIncluded: [], tiers: [{ ...tier, pricing: [{ reelCount: 1, priceMin: 900 }] }] },
      as(),
    );
    expect(onlyBasic.status).toBe(200);
    expect(onlyBasic.body.data.tiers.map((t: any) => [t.title, t.samples.length])).toEqual([['basic', 1]]);
    expect(filesOf(editor.id)).toHaveLength(2);
    expect((await api.get('/api/users/editors/search?query=dropme')).body.data).toEqual([]);

    const none = await api.patch(
      `/api/admin/editors/${editor.id}/portfolio/structure`,
      { whatsIncluded: [], tiers: [] },
      as(),
    );
    expect(none.body.data).toEqual({ whatsIncluded: [], tiers: [] });
    expect(filesOf(editor.id)).toEqual([]);
  });

  it('deletes a sample only when editor, id and url agree', async () => {
    const editor = await createTestUser(server.db, 'editor');
    const other = await createTestUser(server.db, 'editor');
    await saveStructure(api, admin.token, editor.id);
    await saveStructure(api, admin.token, other.id);
    const up = await api.patch(
      `/api/admin/editors/${editor.id}/portfolio/samples`,
      sampleForm([{ tier: 'basic', index: 0, name: 'a.jpg', bytes: image }]),
      as(),
    );
    const sample = up.body.data.tiers[0].samples[0];
    const del = (editorId: string, body: unknown) =>
      api.delete(`/api/admin/editors/${editorId}/portfolio/${sample._id}`, body, as());

    expect((await del(other.id, { sampleUrl: sample.url })).status).toBe(404);
    expect((await del(editor.id, { sampleUrl: '/media/portfolio/someone/else.jpg' })).status).toBe(404);
    expect((await del(editor.id, { sampleUrl: sample.url, tier: 'pro' })).status).toBe(404);
    expect(filesOf(editor.id)).toHaveLength(2);

    const ok = await del(editor.id, { sampleUrl: `http://localhost:3000${sample.url}`, tier: 'basic' });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Deleted successfully!');
    expect(filesOf(editor.id)).toEqual([]);
    expect(
      await server.db.select().from(portfolioSamples).where(eq(portfolioSamples.editorId, editor.id)),
    ).toEqual([]);
    expect((await fetch(`${server.url}${sample.url}`)).status).toBe(404);
    const again = await del(editor.id, { sampleUrl: sample.url });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Sample not found');
  });
});
