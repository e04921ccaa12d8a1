import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptStoreFor, keys } from '../src/modules/auth/auth-limits';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser } from './helpers/users';

const unique = () => randomBytes(4).toString('hex');
let ipCounter = 0;
/**
 * A distinct client address per request (TRUST_PROXY=loopback: the test client plays the proxy, so the
 * payment simulator has to be chosen).
 */
const fromNewIp = () => ({
  headers: {
    'x-forwarded-for': `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`,
  },
});
const fixedIp = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
const randomIp = () => `172.16.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

function perAccountSuite(name: string, env: () => Record<string, string>, inRedis: boolean) {
  describe(name, () => {
    let server: TestServer;
    let api: ApiClient;

    beforeAll(async () => {
      server = await startTestServer({
        RATE_LIMIT_DISABLED: '0',
        TRUST_PROXY: 'loopback',
        PAYMENT_PROVIDER: 'simulator',
        ...env(),
      });
      api = apiClient(server.url);
    });
    afterAll(() => server?.close());

    it(`keeps the counts ${inRedis ? 'in Redis' : 'in the process'}`, async () => {
      const email = `store-${unique()}@example.com`;
      await api.post('/api/auth/creator/login', { email, password: 'wrong-pass' }, fromNewIp());
      const key = keys.accountFailures('creator', email);
      expect((await attemptStoreFor(server.app).peek(key)).count).toBe(1);
      const stored = server.app.redis ? await server.app.redis.get(`cutroom-auth:${key}`) : null;
      expect(stored).toBe(inRedis ? '1' : null);
    });

    it('locks a creator account after 10 failed logins from one address, not from the others', async () => {
      const creator = await createTestUser(server.db, 'creator');
      const attacker = randomIp();
      for (let i = 0; i < 10; i++) {
        const res = await api.post(
          '/api/auth/creator/login',
          { email: creator.email, password: 'wrong-pass' },
          fixedIp(attacker),
        );
        expect(res.status).toBe(401);
      }
      const locked = await api.post(
        '/api/auth/creator/login',
        { email: creator.email!.toUpperCase(), password: creator.password },
        fixedIp(attacker),
      );
      expect(locked.status).toBe(429);
      expect(locked.body.message).toBe('Too many failed login attempts. Please try again in 15 minutes.');
      // The owner, elsewhere, is not locked out by someone else's guesses.
      const owner = await api.post(
        '/api/auth/creator/login',
        { email: creator.email, password: creator.password },
        fromNewIp(),
      );
      expect(owner.status).toBe(200);
    });

    it('does not let wrong guesses from one address lock the admin out of another', async () => {
      const admin = await createTestUser(server.db, 'admin');
      const attacker = randomIp();
      const guess = () =>
        api.post(
          '/api/auth/admin/login',
          { username: admin.username, password: 'wrong-pass' },
          fixedIp(attacker),
        );
      for (let i = 0; i < 10; i++) expect((await guess()).status).toBe(401);
      expect((await guess()).status).toBe(429);
      const owner = await api.post(
        '/api/auth/admin/login',
        { username: admin.username, password: admin.password },
        fromNewIp(),
      );
      expect(owner.status).toBe(200);
    });

    it('counts editor usernames in one canonical form, and a success starts the count again', async () => {
      const editor = await createTestUser(server.db, 'editor');
      const ip = randomIp();
      const fail = (username: string) =>
        api.post('/api/auth/editor/login', { username, password: 'wrong-pass' }, fixedIp(ip));
      // 5 + 10 failures from one address would lock it at the 11th: the success in between resets.
      // (Fewer than 20 requests in all, the per-address limit of the route.)
      for (let i = 0; i < 5; i++)
        expect((await fail(i % 2 ? editor.username.toUpperCase() : editor.username)).status).toBe(401);
      const ok = await api.post(
        '/api/auth/editor/login',
        { username: editor.username, password: editor.password },
        fixedIp(ip),
      );
      expect(ok.status).toBe(200);
      for (let i = 0; i < 10; i++)
        expect((await fail(i % 2 ? editor.username.toUpperCase() : editor.username)).status).toBe(401);
      const locked = await fail(editor.username);
      expect(locked.status).toBe(429);
      expect(locked.body.message).toBe('Too many failed login attempts. Please try again in 15 minutes.');
      // A dotted capital I (U+0130) is not another spelling of the same account: no way around the lock.
      const dotted = editor.username.replace('i', '\u0130');
      expect(dotted).not.toBe(editor.username);
      const variant = await api.post(
        '/api/auth/editor/login',
        { username: dotted, password: editor.password },
        fixedIp(ip),
      );
      expect(variant.status).not.toBe(200);
    });

    it('does not log in to admin as admİn (U+0130)', async () => {
      const res = await api.post(
        '/api/auth/admin/login',
        { username: 'adm\u0130n', password: 'admin-password' },
        fromNewIp(),
      );
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Invalid username or password');
    });

    it('checks at most 10 passwords when guesses arrive all at once', async () => {
      const editor = await createTestUser(server.db, 'editor');
      const ip = randomIp();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          api.post(
            '/api/auth/editor/login',
            { username: editor.username, password: 'wrong-pass' },
            fixedIp(ip),
          ),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    });

    it('still stops an account guessed at from many addresses, more slowly (100 an hour)', async () => {
      const editor = await createTestUser(server.db, 'editor');
      const fail = () =>
        api.post(
          '/api/auth/editor/login',
          { username: editor.username, password: 'wrong-pass' },
          fromNewIp(),
        );
      // 99 failures from spread addresses are recorded straight in the store; the 100th is a real one.
      const key = keys.accountFailures('editor', editor.username);
      for (let i = 0; i < 99; i++) await attemptStoreFor(server.app).hit(key, 60 * 60 * 1000);
      expect((await fail()).status).toBe(401);
      const locked = await api.post(
        '/api/auth/editor/login',
        { username: editor.username, password: editor.password },
        fromNewIp(),
      );
      expect(locked.status).toBe(429);
      expect(locked.body.message).toBe(
        'Too many failed login attempts for this account. Please try again in 60 minutes, or log in from a device you have used before.',
      );
    });

    it('10 wrong passwords from each of 11 addresses do not lock the owner out of a device they logged in from before', async () => {
      const editor = await createTestUser(server.db, 'editor');
      const login = (password: string, opts: { headers: Record<string, string> }) =>
        api.post('/api/auth/editor/login', { username: editor.username, password }, opts);
      const first = await login(editor.password, fromNewIp());
      expect(first.status).toBe(200);
      const deviceCookie = first.headers.getSetCookie().find((c) => c.startsWith('cutroom_device='))!;
      expect(deviceCookie).toMatch(/; Max-Age=15552000; Path=\/api\/auth; HttpOnly; SameSite=Lax/);
      expect(first.body.token).toBeTruthy();
      expect(JSON.stringify(first.body)).not.toContain(deviceCookie.split(';')[0]!.split('=')[1]);
      const device = { cookie: deviceCookie.split(';')[0]! };

      // The attack as found: 11 addresses, 10 wrong passwords each, all at once.
      const attackers = Array.from({ length: 11 }, () => randomIp());
      const answers = await Promise.all(
        attackers.flatMap((ip) => Array.from({ length: 10 }, () => login('wrong-pass', fixedIp(ip)))),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(100);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);

      // A browser that never logged in to the account is held back by the account-wide backstop...
      const stranger = await login(editor.password, fromNewIp());
      expect(stranger.status).toBe(429);
      expect(stranger.body.message).toMatch(/or log in from a device you have used before\.$/);
      // ...the owner's device is not, even from an attacker's address.
      const owner = await login(editor.password, { ...fixedIp(attackers[0]!), ...device });
      expect(owner.status).toBe(200);
      // A known device's own wrong passwords are still limited, on that device alone.
      for (let i = 0; i < 10; i++)
        expect((await login('wrong-pass', { ...fromNewIp(), ...device })).status).toBe(401);
      expect((await login(editor.password, { ...fromNewIp(), ...device })).status).toBe(429);
    });

    it('a device cookie of another account, or a made-up one, is no way around the backstop', async () => {
      const editor = await createTestUser(server.db, 'editor');
      const other = await createTestUser(server.db, 'editor');
      const elsewhere = await api.post(
        '/api/auth/editor/login',
        { username: other.username, password: other.password },
        fromNewIp(),
      );
      const otherDevice = elsewhere.headers.getSetCookie().find((c) => c.startsWith('cutroom_device='))!;
      const key = keys.accountFailures('editor', editor.username);
      for (let i = 0; i < 100; i++) await attemptStoreFor(server.app).hit(key, 60 * 60 * 1000);
      for (const cookie of [
        otherDevice.split(';')[0]!,
        `cutroom_device=${'A'.repeat(43)}`,
        'cutroom_device=%00%F0%9F%98%80',
      ]) {
        const res = await api.post(
          '/api/auth/editor/login',
          { username: editor.username, password: editor.password },
          { ...fromNewIp(), cookie },
        );
        expect(res.status).toBe(429);
      }
    });

    it('stops code guessing for an address after 10 wrong codes, known or not', async () => {
      const email = `guess-${unique()}@example.com`;
      for (let i = 0; i < 10; i++) {
        const res = await api.post('/api/auth/verify-otp', { email, otp: '123456' }, fromNewIp());
        expect(res.status).toBe(400);
      }
      const blocked = await api.post('/api/auth/verify-otp', { email, otp: '123456' }, fromNewIp());
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toBe('Too many wrong codes. Please try again in 60 minutes.');
    });

    it('sends at most 10 codes an hour to one address', async () => {
      const email = `many-${unique()}@example.com`;
      for (let i = 0; i < 10; i++) {
        await attemptStoreFor(server.app).clear(keys.resend('reset_password', email));
        const res = await api.post('/api/auth/forgot-password', { email }, fromNewIp());
        expect(res.status).toBe(200);
      }
      await attemptStoreFor(server.app).clear(keys.resend('reset_password', email));
      const blocked = await api.post('/api/auth/forgot-password', { email }, fromNewIp());
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toBe(
        'Too many codes requested for this email. Please try again in 60 minutes.',
      );
    });
  });
}

perAccountSuite('per-account limits, in-process', () => ({}), false);

let redisUp = false;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
perAccountSuite(
  'per-account limits, shared in Redis',
  () => {
    if (!redisUp) throw new Error(`These tests need Redis at ${redisUrl} (redis-server)`);
    return { REDIS_URL: redisUrl };
  },
  true,
);

beforeAll(async () => {
  const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await probe.connect();
    redisUp = (await probe.ping()) === 'PONG';
  } catch {
    redisUp = false;
  } finally {
    probe.disconnect();
  }
});

describe('per-IP limits', () => {
  let server: TestServer;
  let api: ApiClient;

  beforeAll(async () => {
    server = await startTestServer({
      RATE_LIMIT_DISABLED: '0',
      TRUST_PROXY: 'loopback',
      PAYMENT_PROVIDER: 'simulator',
    });
    api = apiClient(server.url);
  });
  afterAll(() => server?.close());

  it.each([
    ['/api/auth/admin/login', 20, () => ({ username: `u${unique()}`, password: 'wrong-pass' })],
    ['/api/auth/editor/login', 20, () => ({ username: `u${unique()}`, password: 'wrong-pass' })],
    ['/api/auth/creator/login', 20, () => ({ email: `${unique()}@example.com`, password: 'wrong-pass' })],
    ['/api/auth/creator/register', 10, () => ({ email: 'bad', password: 'secret123' })],
    ['/api/auth/creator/verify', 20, () => ({ email: `${unique()}@example.com`, otp: '000000' })],
    ['/api/auth/forgot-password', 5, () => ({ email: `${unique()}@example.com` })],
    ['/api/auth/verify-otp', 20, () => ({ email: `${unique()}@example.com`, otp: '000000' })],
    [
      '/api/auth/reset-password',
      10,
      () => ({ email: `${unique()}@example.com`, newPassword: 'abcdef', confirmPassword: 'abcdef' }),
    ],
  ])('%s allows %i requests a minute from one address', async (path, max, body) => {
    const ip = randomIp();
    for (let i = 0; i < max; i++) {
      const res = await api.post(path, body(), fixedIp(ip));
      expect(res.status).not.toBe(429);
    }
    const limited = await api.post(path, body(), fixedIp(ip));
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many requests, please try again/);
    // Another address is not affected.
    expect((await api.post(path, body(), fixedIp(randomIp()))).status).not.toBe(429);
  });
});
