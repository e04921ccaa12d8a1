import { request, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from './helpers/http';
import { makeImage } from './helpers/media';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { sampleForm, saveStructure } from './portfolio-fixtures';

/**
 * The public list and its searches are served from memory (EDITOR_LIST_CACHE_SECONDS), yet every change an
 * admin makes through the API is visible in the very next request; only a write behind the server's back
 * (straight into the database) waits for the cache to expire.
 */
describe('public editor list kept in memory', () => {
  let server: TestServer;
  let api: ApiClient;
  let admin: TestUser;
  let editor: TestUser;

  const list = async (path = '/api/users/editors') => {
    const res = await api.get(path);
    expect(res.status).toBe(200);
    return res.body as {
      data: { _id: string; username: string; portfolio: { tiers: { samples: unknown[] }[] } }[];
      summary: { availableEditors: number; editorsWithPortfolios: number; totalSamples: number };
    };
  };
  const names = async (path?: string) => (await list(path)).data.map((e) => e.username);
  const as = () => ({ token: admin.token });

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    admin = await createTestUser(server.db, 'admin');
    editor = await createTestUser(server.db, 'editor', { username: 'Cached Carla' });
  });
  afterAll(() => server?.close());

  it('serves a repeated list from memory: a write straight into the database is not seen', async () => {
    const first = await names();
    expect(first).toEqual(['Cached Carla']);
    expect(await names('/api/users/editors/search?query=behind')).toEqual([]);
    await createTestUser(server.db, 'editor', { username: 'Behind The Back' });
    expect(await names()).toEqual(first);
    expect(await names('/api/users/editors/search?query=behind')).toEqual([]);

    // The same server with the cache turned off reads the database every time.
    const uncached = await startTestServer({ EDITOR_LIST_CACHE_SECONDS: '0' });
    try {
      const direct = apiClient(uncached.url);
      await createTestUser(uncached.db, 'editor', { username: 'Seen At Once' });
      expect((await direct.get('/api/users/editors')).body.data).toHaveLength(1);
      await createTestUser(uncached.db, 'editor', { username: 'Seen Again' });
      expect((await direct.get('/api/users/editors')).body.data).toHaveLength(2);
    } finally {
      await uncached.close();
    }
  });

  it('shows every admin change in the next request, on the list and on searches', async () => {
    // Warm both: the list and a search that will change.
    await names();
    expect(await names('/api/users/editors/search?query=studio')).toEqual([]);

    const registered = await api.post(
      '/api/auth/admin/register-editor',
      { username: 'Studio Sana', password: 'editor-password' },
      as(),
    );
    expect(registered.status).toBe(201);
    // The one written behind the server's back shows up too: the whole catalogue was reloaded.
    expect(await names()).toEqual(['Studio Sana', 'Behind The Back', 'Cached Carla']);
    expect(await names('/api/users/editors/search?query=studio')).toEqual(['Studio Sana']);

    await saveStructure(api, admin.token, editor.id);
    expect((await list()).summary.editorsWithPortfolios).toBe(1);

    const image = await makeImage({ width: 320, height: 200 });
    const uploaded = await api.patch(
      `/api/admin/editors/${editor.id}/portfolio/samples`,
      sampleForm([{ tier: 'basic', index: 0, name: 'a.jpg', bytes: image, tags: ['Drone Shots'] }]),
      as(),
    );
    expect(uploaded.status).toBe(200);
    expect((await list()).summary.totalSamples).toBe(1);
    expect(await names('/api/users/editors/search?query=drone')).toEqual(['Cached Carla']);

    const sampleId = uploaded.body.data.tiers[0].samples[0]._id as string;
    expect((await api.delete(`/api/admin/editors/${editor.id}/portfolio/${sampleId}`, {}, as())).status).toBe(
      200,
    );
    expect((await list()).summary.totalSamples).toBe(0);
    expect(await names('/api/users/editors/search?query=drone')).toEqual([]);

    const renamed = await api.post(
      `/api/admin/editors/${editor.id}/updateName`,
      { username: 'Carla Cuts' },
      as(),
    );
    expect(renamed.status).toBe(200);
    expect(await names()).toContain('Carla Cuts');
    expect(await names('/api/users/editors/search?query=carla')).toEqual(['Carla Cuts']);

    expect((await api.delete(`/api/admin/editors/delete/${editor.id}`, undefined, as())).status).toBe(200);
    expect(await names()).not.toContain('Carla Cuts');
    expect(await names('/api/users/editors/search?query=carla')).toEqual([]);
  });

  it('sends browsers the gzip it keeps, and plain JSON to clients that ask for none', async () => {
    const get = (headers: Record<string, string>) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        request(`${server.url}/api/users/editors?limit=7`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
    const plain = await get({});
    const zipped = await get({ 'accept-encoding': 'gzip, deflate, br' });
    const refused = await get({ 'accept-encoding': 'gzip;q=0, identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    expect(zipped.body.length).toBeLessThan(plain.body.length);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString()).limit).toBe(7);
  });

  it('answers every visitor alike, with no per-visitor data', async () => {
    const creator = await createTestUser(server.db, 'creator');
    const anonymous = await api.get('/api/users/editors');
    const signedIn = await api.get('/api/users/editors', { token: creator.token });
    expect(signedIn.body).toEqual(anonymous.body);
    expect(JSON.stringify(signedIn.body)).not.toContain(creator.id);
    expect(anonymous.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });
});
