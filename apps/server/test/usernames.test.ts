import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';

const unique = () => randomBytes(3).toString('hex');

/** Issue 13 item 15: admins cannot create or rename to a name that passes for someone else's. */
describe('usernames that impersonate others are refused', () => {
  let server: TestServer;
  let api: ApiClient;
  let admin: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    admin = await createTestUser(server.db, 'admin');
  });
  afterAll(() => server?.close());

  const as = () => ({ token: admin.token });
  const register = (username: string) =>
    api.post('/api/auth/admin/register-editor', { username, password: 'editor-pass' }, as());

  // 'admin' is the first admin (ADMIN_USERNAME of the test server).
  it.each([
    ['Cyrillic а', '\u0430dmin', 'Username cannot mix letters from different alphabets'],
    [
      'full-width',
      'ａｄｍｉｎ',
      'Username cannot contain full-width or stylised characters; please type it plainly',
    ],
    [
      'RTL override',
      'nimda\u202e',
      'Username cannot contain invisible, control or text-direction characters',
    ],
    [
      'zero-width space',
      'ad\u200bmin',
      'Username cannot contain invisible, control or text-direction characters',
    ],
    [
      'control character',
      'ad\u0007min',
      'Username cannot contain invisible, control or text-direction characters',
    ],
    [
      'symbols',
      'admin<script>',
      'Username can only contain letters, digits, spaces, dots, dashes and underscores',
    ],
    [
      'dotted capital I',
      'admİn',
      'This username looks too similar to an existing username; please choose another',
    ],
    ['accent', 'ádmin', 'This username looks too similar to an existing username; please choose another'],
    ['rn for m', 'adrnin', 'This username looks too similar to an existing username; please choose another'],
    ['Greek alpha alone', 'αδμιν', null],
  ])('register-editor refuses %s with a 400', async (_what, username, message) => {
    const res = await register(username);
    if (message === null) {
      // A whole Greek name is fine: it does not look like 'admin'.
      expect(res.status).toBe(201);
      return;
    }
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    const [row] = await server.db.select().from(users).where(eq(users.username, username));
    expect(row).toBeUndefined();
  });

  it('register-editor refuses a look-alike of another editor, and still says 409 for the same name', async () => {
    const name = `riya${unique()}`;
    expect((await register(name)).status).toBe(201);
    const lookAlike = await register(name.replace('i', '\u0456').replace(/[a-z]/g, (c) => c)); // Cyrillic і
    expect(lookAlike.status).toBe(400);
    const spaced = await register(`${name.slice(0, 2)}.${name.slice(2)}`);
    expect(spaced.status).toBe(400);
    expect(spaced.body.message).toBe(
      'This username looks too similar to an existing username; please choose another',
    );
    const same = await register(name.toUpperCase());
    expect(same.status).toBe(409);
    expect(same.body.message).toBe('This username is already taken');
  });

  it('rename refuses the same names with a 400, and allows a plain rename or a change of case', async () => {
    const editor = await createTestUser(server.db, 'editor');
    const rename = (username: string) =>
      api.post(`/api/admin/editors/${editor.id}/updateName`, { username }, as());
    for (const bad of ['\u0430dmin', 'ａｄｍｉｎ', 'nimda\u202e', 'ad\u200bmin', 'admİn', 'ad_min']) {
      const res = await rename(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.message, bad).toMatch(/^(Username|This username)/);
    }
    const [row] = await server.db.select().from(users).where(eq(users.id, editor.id));
    expect(row!.username).toBe(editor.username);
    expect((await rename(editor.username.toUpperCase())).status).toBe(200);
    const fresh = `Zoë ${unique()}`;
    const ok = await rename(fresh);
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Editor name updated successfully!');
    // The new name logs in under its canonical form.
    const login = await api.post('/api/auth/editor/login', {
      username: fresh.toUpperCase(),
      password: editor.password,
    });
    expect(login.status).toBe(200);
  });

  it('stores the canonical form; a writer that leaves it out gets it for ASCII names, an error otherwise', async () => {
    const name = `Mixed${unique()}`;
    const created = await register(name);
    expect(created.status).toBe(201);
    const [row] = await server.db.select().from(users).where(eq(users.username, name));
    expect(row!.usernameCanonical).toBe(name.toLowerCase());
    const plain = await createTestUser(server.db, 'editor', { username: `Plain${unique()}` });
    const [plainRow] = await server.db.select().from(users).where(eq(users.id, plain.id));
    expect(plainRow!.usernameCanonical).toBe(plain.username.toLowerCase());
    await expect(createTestUser(server.db, 'editor', { username: `Zoë${unique()}` })).rejects.toThrow();
  });
});
