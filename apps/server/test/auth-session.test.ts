import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prefersOptionalSession } from '../src/modules/auth/routes';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser } from './helpers/users';

/** The page's check on every load (SPEC.md §4): a visitor is an answer, not a logged 401. */
describe('GET /api/me with Prefer: session=optional', () => {
  let server: TestServer;
  let api: ApiClient;
  const optional = { prefer: 'session=optional' };

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
  });
  afterAll(() => server?.close());

  it('answers a visitor 200 { user: null }, says the preference was applied, and is never cached', async () => {
    const res = await api.get('/api/me', { headers: optional });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: null });
    expect(res.headers.get('preference-applied')).toBe('session=optional');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('vary')?.toLowerCase()).toContain('prefer');
  });

  it('keeps the 401 for every caller that does not ask for it', async () => {
    const res = await api.get('/api/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Please login to continue' });
    const other = await api.get('/api/me', { headers: { prefer: 'return=minimal' } });
    expect(other.status).toBe(401);
  });

  it('answers a signed-in user as before, by cookie and by Bearer token', async () => {
    const creator = await createTestUser(server.db, 'creator');
    const byCookie = await api.get('/api/me', {
      cookie: `cutroom_session=${creator.token}`,
      headers: optional,
    });
    expect(byCookie.status).toBe(200);
    expect(byCookie.body.user).toMatchObject({
      _id: creator.id,
      role: 'creator',
      username: creator.username,
    });
    expect(byCookie.headers.get('preference-applied')).toBeNull();
    const byBearer = await api.get('/api/me', { token: creator.token, headers: optional });
    expect(byBearer.body).toEqual(byCookie.body);
    expect((await api.get('/api/me', { token: creator.token })).body).toEqual(byCookie.body);
  });

  it('answers { user: null } for a token or cookie that no longer names a session', async () => {
    const editor = await createTestUser(server.db, 'editor');
    await api.post('/api/auth/logout', undefined, { token: editor.token });
    const byBearer = await api.get('/api/me', { token: editor.token, headers: optional });
    expect(byBearer.status).toBe(200);
    expect(byBearer.body).toEqual({ user: null });
    const byCookie = await api.get('/api/me', { cookie: 'cutroom_session=not-a-token', headers: optional });
    expect(byCookie.body).toEqual({ user: null });
  });

  it('reads the preference among others, with parameters and spacing', () => {
    expect(prefersOptionalSession('session=optional')).toBe(true);
    expect(prefersOptionalSession('return=minimal, Session = Optional; strict')).toBe(true);
    expect(prefersOptionalSession(['respond-async', 'session=optional'])).toBe(true);
    expect(prefersOptionalSession(undefined)).toBe(false);
    expect(prefersOptionalSession('session=required')).toBe(false);
    expect(prefersOptionalSession('session')).toBe(false);
  });
});
