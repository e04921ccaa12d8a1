import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { attemptStoreFor, keys } from '../src/modules/auth/auth-limits';
import { codeIn, startMailbox, type Mailbox } from './helpers/mailbox';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser } from './helpers/users';
import { signupBrowser } from './helpers/signup-browser';

const unique = () => randomBytes(4).toString('hex');
const newEmail = () => `resend-${unique()}@example.com`;
const RESEND = '/api/auth/creator/resend-otp';
const PAUSE = /^Please wait \d+ seconds? before requesting a new code\.$/;

describe('POST /api/auth/creator/resend-otp', () => {
  let server: TestServer;
  let api: ApiClient;
  let mailbox: Mailbox;

  beforeAll(async () => {
    mailbox = await startMailbox();
    server = await startTestServer({ SMTP_URL: mailbox.url });
    api = apiClient(server.url);
  });
  afterAll(async () => {
    await server?.close();
    await mailbox?.close();
  });

  /** As if the minute between two codes to the address had passed. */
  const skipResendPause = (email: string) =>
    attemptStoreFor(server.app).clear(keys.resend('verify_email', email.toLowerCase()));

  async function register(email: string, password = 'secret123') {
    const before = mailbox.to(email).length;
    expect((await api.post('/api/auth/creator/register', { email, password })).status).toBe(201);
    return codeIn(await mailbox.next(email, before));
  }

  it('mails a pending creator a new code that replaces the first and activates their password', async () => {
    const email = newEmail();
    const first = await register(email, 'first-pass');
    await skipResendPause(email);

    const before = mailbox.to(email).length;
    const res = await api.post(RESEND, { email: email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'OTP sent to your email' });
    const mail = await mailbox.next(email, before);
    expect(mail.subject).toBe('Your Cutroom verification code');
    const second = codeIn(mail);

    if (second !== first) {
      expect((await api.post('/api/auth/creator/verify', { email, otp: first })).status).toBe(400);
    }
    expect((await api.post('/api/auth/creator/verify', { email, otp: second })).status).toBe(200);
    expect((await api.post('/api/auth/creator/login', { email, password: 'first-pass' })).status).toBe(200);
  });

  it("a resent code activates the password of the browser that enters it, not the latest registration's", async () => {
    const email = newEmail();
    const owner = signupBrowser(api);
    const stranger = signupBrowser(api);
    expect((await owner.register(email, 'owner-pass')).status).toBe(201);
    await skipResendPause(email);
    expect((await stranger.register(email, 'stranger-pass')).status).toBe(201);
    await skipResendPause(email);
    const before = mailbox.to(email).length;
    expect((await api.post(RESEND, { email })).status).toBe(200);
    const code = codeIn(await mailbox.next(email, before));
    expect((await owner.verify(email, code)).body).toEqual({ message: 'Email verified successfully!' });
    expect((await api.post('/api/auth/creator/login', { email, password: 'owner-pass' })).status).toBe(200);
    expect((await api.post('/api/auth/creator/login', { email, password: 'stranger-pass' })).status).toBe(
      401,
    );
  });

  it('refuses a second code within the minute with a readable 429 and the wait in seconds', async () => {
    const email = newEmail();
    await register(email);
    // Registering just sent a code: the pause covers both ways of asking for one.
    const early = await api.post(RESEND, { email });
    expect(early.status).toBe(429);
    expect(early.body.message).toMatch(PAUSE);
    expect(early.body.retryAfter).toBeGreaterThanOrEqual(1);
    expect(early.body.retryAfter).toBeLessThanOrEqual(60);
    expect(early.headers.get('retry-after')).toBe(String(early.body.retryAfter));
    expect(early.body.message).toContain(`${early.body.retryAfter} second`);

    await skipResendPause(email);
    expect((await api.post(RESEND, { email })).status).toBe(200);
    const again = await api.post(RESEND, { email });
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(PAUSE);
  });

  it('answers every address alike and mails only the pending creator (no account enumeration)', async () => {
    const pending = newEmail();
    await register(pending);
    await skipResendPause(pending);
    const verified = await createTestUser(server.db, 'creator');
    const editor = await createTestUser(server.db, 'editor', { email: newEmail() });
    const deleted = await createTestUser(server.db, 'creator');
    await server.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.id));
    const unknown = newEmail();
    const others = [verified.email!, editor.email!, deleted.email!, unknown];
    const counts = others.map((e) => mailbox.to(e).length);

    const replies = [];
    for (const email of others) replies.push(await api.post(RESEND, { email }));
    const before = mailbox.to(pending).length;
    const expected = await api.post(RESEND, { email: pending });
    for (const r of replies) {
      expect(r.status).toBe(expected.status);
      expect(r.body).toEqual(expected.body);
    }
    expect(expected.status).toBe(200);
    // The pending creator's mail goes out in the background; by the time it is in, the others' would be.
    await mailbox.next(pending, before);
    await new Promise((r) => setTimeout(r, 300));
    expect(others.map((e) => mailbox.to(e).length)).toEqual(counts);

    // The minute's pause holds for addresses without a pending account too, so it tells nothing either.
    for (const email of [...others, pending]) {
      const res = await api.post(RESEND, { email });
      expect(res.status).toBe(429);
      expect(res.body.message).toMatch(PAUSE);
    }
  });

  it.each([
    [{}, 'Email is required'],
    [{ email: '' }, 'Email is required'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ email: 42 }, 'Email is required'],
  ])('refuses %j with 400 "%s"', async (body, message) => {
    const res = await api.post(RESEND, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });
});

describe('POST /api/auth/creator/resend-otp per-IP limit', () => {
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

  it('allows 10 requests a minute from one address, like register', async () => {
    const ip = { headers: { 'x-forwarded-for': `172.16.${randomBytes(1)[0]}.${randomBytes(1)[0]}` } };
    for (let i = 0; i < 10; i++) {
      expect((await api.post(RESEND, { email: newEmail() }, ip)).status).toBe(200);
    }
    const limited = await api.post(RESEND, { email: newEmail() }, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many requests, please try again/);
    const elsewhere = { headers: { 'x-forwarded-for': '10.9.8.7' } };
    expect((await api.post(RESEND, { email: newEmail() }, elsewhere)).status).toBe(200);
  });
});
