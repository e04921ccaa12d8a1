import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { users } from '../src/db/schema';
import { firstAdminStep } from '../src/modules/auth/first-admin';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser } from './helpers/users';

const unique = () => randomBytes(4).toString('hex');

describe('editor and admin accounts', () => {
  let server: TestServer;
  let api: ApiClient;

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
  });
  afterAll(() => server?.close());

  const adminLogin = async () => {
    const res = await api.post('/api/auth/admin/login', { username: 'admin', password: 'admin-password' });
    expect(res.status).toBe(200);
    return res.body as { token: string; user: { _id: string } };
  };

  describe('first admin', () => {
    it('is created at start from ADMIN_USERNAME / ADMIN_PASSWORD and can log in', async () => {
      const login = await api.post('/api/auth/admin/login', {
        username: 'admin',
        password: 'admin-password',
      });
      expect(login.status).toBe(200);
      expect(login.body.message).toBe('Login successful');
      expect(login.body.user).toMatchObject({ role: 'admin', username: 'admin' });
      expect(login.body.user).not.toHaveProperty('email');
      const me = await api.get('/api/me', { token: login.body.token });
      expect(me.body.user).toEqual(login.body.user);
    });

    it('is not created again while an admin exists', async () => {
      const count = async () =>
        (
          await server.db
            .select({ n: sql<number>`count(*)::int` })
            .from(users)
            .where(eq(users.role, 'admin'))
        )[0]!.n;
      const before = await count();
      await firstAdminStep.run(server.app);
      expect(await count()).toBe(before);
    });

    it('without ADMIN_PASSWORD gets a random password written once to the log', async () => {
      const lines: string[] = [];
      const config = loadConfig({ ADMIN_USERNAME: `boot${unique()}`, NODE_ENV: 'test' });
      // A database with no live admin: this server's admins are soft-deleted for the moment of the step.
      await server.db.update(users).set({ deletedAt: new Date() }).where(eq(users.role, 'admin'));
      try {
        const fakeApp = {
          db: server.db,
          config,
          log: { warn: (msg: string) => lines.push(msg), info: () => {} },
        } as unknown as Parameters<typeof firstAdminStep.run>[0];
        await firstAdminStep.run(fakeApp);
      } finally {
        await server.db
          .update(users)
          .set({ deletedAt: null })
          .where(sql`${users.role} = 'admin' and ${users.username} not like 'boot%'`);
      }
      expect(lines).toHaveLength(1);
      const password = lines[0]!.match(/password "([^"]+)"/)?.[1];
      expect(password).toMatch(/^[\w-]{16}$/);
      const login = await api.post('/api/auth/admin/login', { username: config.ADMIN_USERNAME, password });
      expect(login.status).toBe(200);
    });
  });

  describe('register-editor', () => {
    it('creates an editor who logs in with username and password', async () => {
      const admin = await adminLogin();
      const username = `Editor${unique()}`;
      const res = await api.post(
        '/api/auth/admin/register-editor',
        { username: `  ${username} `, password: 'editor-pass', email: '  Ed.Itor@Example.com ' },
        { token: admin.token },
      );
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Editor registered successfully');
      expect(res.body.data).toMatchObject({ role: 'editor', username, email: 'ed.itor@example.com' });

      const [row] = await server.db.select().from(users).where(eq(users.id, res.body.data._id));
      expect(row!.searchText).toBe(username.toLowerCase());
      expect(row!.passwordHash).toMatch(/^\$argon2id\$/);

      const login = await api.post('/api/auth/editor/login', {
        username: username.toLowerCase(),
        password: 'editor-pass',
      });
      expect(login.status).toBe(200);
      expect(login.body.message).toBe('Login successful');
      expect(login.body.user).toMatchObject({ _id: row!.id, role: 'editor', username });
      expect(login.body.token).toBeTruthy();
    });

    it('stores no e-mail when the field is empty', async () => {
      const admin = await adminLogin();
      const res = await api.post(
        '/api/auth/admin/register-editor',
        { username: `noemail${unique()}`, password: 'editor-pass', email: '   ' },
        { token: admin.token },
      );
      expect(res.status).toBe(201);
      expect(res.body.data).not.toHaveProperty('email');
      const [row] = await server.db.select().from(users).where(eq(users.id, res.body.data._id));
      expect(row!.email).toBeNull();
    });

    it('refuses a username taken in any letter case, and a taken e-mail, with 409', async () => {
      const admin = await adminLogin();
      const username = `dup${unique()}`;
      const email = `${username}@example.com`;
      const first = await api.post(
        '/api/auth/admin/register-editor',
        { username, password: 'editor-pass', email },
        { token: admin.token },
      );
      expect(first.status).toBe(201);
      const sameName = await api.post(
        '/api/auth/admin/register-editor',
        { username: username.toUpperCase(), password: 'editor-pass' },
        { token: admin.token },
      );
      expect(sameName.status).toBe(409);
      expect(sameName.body.message).toBe('This username is already taken');
      const sameEmail = await api.post(
        '/api/auth/admin/register-editor',
        { username: `${username}x`, password: 'editor-pass', email: email.toUpperCase() },
        { token: admin.token },
      );
      expect(sameEmail.status).toBe(409);
      expect(sameEmail.body.message).toBe('An account with this email already exists');
    });

    it.each([
      [{ password: 'editor-pass' }, 'Username is required'],
      [{ username: '   ', password: 'editor-pass' }, 'Username is required'],
      [{ username: 'x'.repeat(51), password: 'editor-pass' }, 'Username must be at most 50 characters'],
      [{ username: 'someone' }, 'Password is required'],
      [{ username: 'someone', password: '12345' }, 'Password must be at least 6 characters'],
      [{ username: 'someone', password: 'editor-pass', email: 'nope' }, 'Please enter a valid email address'],
    ])('refuses %j with 400 "%s"', async (body, message) => {
      const admin = await adminLogin();
      const res = await api.post('/api/auth/admin/register-editor', body, { token: admin.token });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
    });

    it('is for admins only', async () => {
      const body = { username: `x${unique()}`, password: 'editor-pass' };
      expect((await api.post('/api/auth/admin/register-editor', body)).status).toBe(401);
      const editor = await createTestUser(server.db, 'editor');
      const creator = await createTestUser(server.db, 'creator');
      const asEditor = await api.post('/api/auth/admin/register-editor', body, { token: editor.token });
      expect(asEditor.status).toBe(403);
      expect(asEditor.body.message).toBe('You are not allowed to do this');
      expect((await api.post('/api/auth/admin/register-editor', body, { token: creator.token })).status).toBe(
        403,
      );
    });
  });

  describe('editor and admin login', () => {
    it('answers a wrong password and an unknown username the same way', async () => {
      const editor = await createTestUser(server.db, 'editor');
      const wrong = await api.post('/api/auth/editor/login', {
        username: editor.username,
        password: 'wrong-pass',
      });
      const unknown = await api.post('/api/auth/editor/login', {
        username: `nobody${unique()}`,
        password: 'x-pass-1',
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({ message: 'Invalid username or password' });
      expect(unknown.status).toBe(401);
      expect(unknown.body).toEqual(wrong.body);
      const empty = await api.post('/api/auth/editor/login', { username: '', password: 'x-pass-1' });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe('Username is required');
    });

    it('each login page accepts only its own role', async () => {
      const editor = await createTestUser(server.db, 'editor');
      const asAdmin = await api.post('/api/auth/admin/login', {
        username: editor.username,
        password: editor.password,
      });
      expect(asAdmin.status).toBe(401);
      expect(asAdmin.body.message).toBe('Invalid username or password');
      const asEditor = await api.post('/api/auth/editor/login', {
        username: 'admin',
        password: 'admin-password',
      });
      expect(asEditor.status).toBe(401);
    });

    it('a deleted editor cannot log in and their sessions stop working', async () => {
      const editor = await createTestUser(server.db, 'editor');
      const login = await api.post('/api/auth/editor/login', {
        username: editor.username,
        password: editor.password,
      });
      expect(login.status).toBe(200);
      await server.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, editor.id));
      const again = await api.post('/api/auth/editor/login', {
        username: editor.username,
        password: editor.password,
      });
      expect(again.status).toBe(401);
      expect(again.body.message).toBe('Invalid username or password');
      expect((await api.get('/api/me', { token: login.body.token })).status).toBe(401);
    });

    it("a deleted editor's e-mail stays taken for a new creator account, without saying so", async () => {
      const email = `gone${unique()}@example.com`;
      const editor = await createTestUser(server.db, 'editor', { email });
      await server.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, editor.id));
      const res = await api.post('/api/auth/creator/register', { email, password: 'secret123' });
      // Answered like any registration (no account enumeration), but no creator account appears.
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ message: 'OTP sent to your email' });
      const rows = await server.db.select().from(users).where(eq(users.email, email));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.id).toBe(editor.id);
      expect(rows[0]!.role).toBe('editor');
      expect((await api.post('/api/auth/creator/login', { email, password: 'secret123' })).status).toBe(401);
    });

    it("an editor's own reply carries no creator data, and a creator's handle is all an editor could see", async () => {
      const editor = await createTestUser(server.db, 'editor', { email: null });
      const me = await api.get('/api/me', { token: editor.token });
      expect(me.body).toEqual({ user: { _id: editor.id, role: 'editor', username: editor.username } });
    });
  });

  describe('admin update-password', () => {
    it('checks the old password, keeps this session and ends the others', async () => {
      const admin = await createTestUser(server.db, 'admin', { password: 'old-admin-pass' });
      const other = await api.post('/api/auth/admin/login', {
        username: admin.username,
        password: 'old-admin-pass',
      });
      expect(other.status).toBe(200);

      const wrong = await api.post(
        '/api/auth/admin/update-password',
        { oldPassword: 'not-it', newPassword: 'new-admin-pass' },
        { token: admin.token },
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('Old password is incorrect');
      const short = await api.post(
        '/api/auth/admin/update-password',
        { oldPassword: 'old-admin-pass', newPassword: '12345' },
        { token: admin.token },
      );
      expect(short.status).toBe(400);
      expect(short.body.message).toContain('New password must be at least 6 characters');
      const same = await api.post(
        '/api/auth/admin/update-password',
        { oldPassword: 'old-admin-pass', newPassword: 'old-admin-pass' },
        { token: admin.token },
      );
      expect(same.status).toBe(400);
      expect(same.body.message).toBe('The new password must be different from the old one');
      const missing = await api.post(
        '/api/auth/admin/update-password',
        { newPassword: 'new-admin-pass' },
        { token: admin.token },
      );
      expect(missing.body.message).toBe('Old password is required');

      const ok = await api.post(
        '/api/auth/admin/update-password',
        { oldPassword: 'old-admin-pass', newPassword: 'new-admin-pass' },
        { token: admin.token },
      );
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ message: 'Password updated successfully' });
      expect((await api.get('/api/me', { token: admin.token })).status).toBe(200);
      expect((await api.get('/api/me', { token: other.body.token })).status).toBe(401);
      const oldLogin = await api.post('/api/auth/admin/login', {
        username: admin.username,
        password: 'old-admin-pass',
      });
      expect(oldLogin.status).toBe(401);
      const newLogin = await api.post('/api/auth/admin/login', {
        username: admin.username,
        password: 'new-admin-pass',
      });
      expect(newLogin.status).toBe(200);
    });

    it('is for admins only', async () => {
      const body = { oldPassword: 'secret123', newPassword: 'another-pass' };
      expect((await api.post('/api/auth/admin/update-password', body)).status).toBe(401);
      const editor = await createTestUser(server.db, 'editor');
      expect((await api.post('/api/auth/admin/update-password', body, { token: editor.token })).status).toBe(
        403,
      );
      const creator = await createTestUser(server.db, 'creator');
      expect((await api.post('/api/auth/admin/update-password', body, { token: creator.token })).status).toBe(
        403,
      );
    });
  });
});
