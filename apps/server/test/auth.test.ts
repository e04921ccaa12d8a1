import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otps, users } from '../src/db/schema';
import { attemptStoreFor, keys } from '../src/modules/auth/auth-limits';
import { codeIn, startMailbox, type Mailbox } from './helpers/mailbox';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { signupBrowser } from './helpers/signup-browser';

const newEmail = () => `creator-${randomBytes(4).toString('hex')}@example.com`;

describe('creator accounts, sessions and password reset', () => {
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

  /** Lets the next code go out at once, as if the 60 seconds between two codes had passed. */
  const skipResendPause = (purpose: 'verify_email' | 'reset_password', email: string) =>
    attemptStoreFor(server.app).clear(keys.resend(purpose, email.toLowerCase()));

  async function register(email: string, password = 'secret123') {
    const before = mailbox.to(email).length;
    const res = await api.post('/api/auth/creator/register', { email, password });
    expect(res.status).toBe(201);
    return codeIn(await mailbox.next(email, before));
  }

  async function registeredCreator(email = newEmail(), password = 'secret123') {
    const code = await register(email, password);
    expect((await api.post('/api/auth/creator/verify', { email, otp: code })).status).toBe(200);
    return { email, password };
  }

  describe('registration and verification', () => {
    it('registers with an anonymous handle, mails a 6-digit code, verifies, then logs in', async () => {
      const email = newEmail();
      const before = mailbox.to(email).length;
      const res = await api.post('/api/auth/creator/register', { email, password: 'secret123' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ message: 'OTP sent to your email' });

      const mail = await mailbox.next(email, before);
      expect(mail.subject).toBe('Your Cutroom verification code');
      const code = codeIn(mail);
      expect(mail.text).toContain('expires in 10 minutes');

      const [row] = await server.db.select().from(users).where(eq(users.email, email));
      expect(row!.role).toBe('creator');
      expect(row!.username).toMatch(/^creator-[0-9a-f]{6}$/);
      expect(row!.username).not.toContain(email.split('@')[0]!.slice(8));
      expect(row!.emailVerifiedAt).toBeNull();
      const [otp] = await server.db.select().from(otps).where(eq(otps.email, email));
      expect(otp!.codeHash).not.toContain(code);

      const early = await api.post('/api/auth/creator/login', { email, password: 'secret123' });
      expect(early.status).toBe(403);
      expect(early.body.message).toBe(
        'Please verify your email before logging in. Enter the code we sent to your email.',
      );

      const wrongCode = code === '000000' ? '111111' : '000000';
      const wrong = await api.post('/api/auth/creator/verify', { email, otp: wrongCode });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('Invalid or expired OTP');

      const ok = await api.post('/api/auth/creator/verify', { email, otp: code });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ message: 'Email verified successfully!' });
      const again = await api.post('/api/auth/creator/verify', { email, otp: code });
      expect(again.status).toBe(400);

      const login = await api.post('/api/auth/creator/login', {
        email: email.toUpperCase(),
        password: 'secret123',
      });
      expect(login.status).toBe(200);
      expect(login.body.message).toBe('Login successful');
      expect(login.body.user).toEqual({ _id: row!.id, role: 'creator', username: row!.username, email });
      expect(login.body.token).toMatch(/^[\w-]{40,}$/);
    });

    it.each([
      [{ password: 'secret123' }, 'Email is required'],
      [{ email: 'not-an-email', password: 'secret123' }, 'Please enter a valid email address'],
      [{ email: 'a@example.com' }, 'Password is required'],
      [{ email: 'a@example.com', password: '12345' }, 'Password must be at least 6 characters'],
    ])('refuses registration %j with 400 "%s"', async (body, message) => {
      const res = await api.post('/api/auth/creator/register', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
    });

    it('answers an address that already has a verified account like a new one, and mails the owner a notice', async () => {
      const { email } = await registeredCreator();
      const fresh = await api.post('/api/auth/creator/register', {
        email: newEmail(),
        password: 'secret123',
      });
      await skipResendPause('verify_email', email);
      const before = mailbox.to(email).length;
      const res = await api.post('/api/auth/creator/register', { email, password: 'another-pass' });
      expect(res.status).toBe(fresh.status);
      expect(res.status).toBe(201);
      expect(res.body).toEqual(fresh.body);
      expect(res.body).toEqual({ message: 'OTP sent to your email' });
      const notice = await mailbox.next(email, before);
      expect(notice.subject).toBe('Someone tried to register with your Cutroom email');
      expect(notice.text).toContain('log in or reset your password');
      expect(notice.text).not.toMatch(/\b\d{6}\b/);
      // Nothing about the account changed: the old password still works, the new one does not.
      expect((await api.post('/api/auth/creator/login', { email, password: 'secret123' })).status).toBe(200);
      expect((await api.post('/api/auth/creator/login', { email, password: 'another-pass' })).status).toBe(
        401,
      );
      // The per-address pause applies the same way as for a new address.
      const again = await api.post('/api/auth/creator/register', { email, password: 'another-pass' });
      expect(again.status).toBe(429);
      expect(again.body.message).toMatch(/^Please wait \d+ seconds? before requesting a new code\.$/);
    });

    it('sends at most one code a minute to an address', async () => {
      const email = newEmail();
      await register(email);
      const res = await api.post('/api/auth/creator/register', { email, password: 'secret123' });
      expect(res.status).toBe(429);
      expect(res.body.message).toMatch(/^Please wait \d+ seconds? before requesting a new code\.$/);
    });

    it('re-registering with the same password sends a new code that replaces the old one', async () => {
      const email = newEmail();
      const first = await register(email);
      await skipResendPause('verify_email', email);
      const second = await register(email);
      if (first !== second) {
        expect((await api.post('/api/auth/creator/verify', { email, otp: first })).status).toBe(400);
      }
      expect((await api.post('/api/auth/creator/verify', { email, otp: second })).status).toBe(200);
    });

    it('a code expires after 10 minutes; registering again in the same browser then sets the new password', async () => {
      const email = newEmail();
      const browser = signupBrowser(api);
      let before = mailbox.to(email).length;
      expect((await browser.register(email, 'first-pass')).status).toBe(201);
      const code = codeIn(await mailbox.next(email, before));
      const [otp] = await server.db.select().from(otps).where(eq(otps.email, email));
      expect(otp!.expiresAt.getTime() - otp!.createdAt.getTime()).toBe(10 * 60 * 1000);
      await server.db
        .update(otps)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(otps.email, email));
      const late = await browser.verify(email, code);
      expect(late.status).toBe(400);
      expect(late.body.message).toBe('Invalid or expired OTP');

      await skipResendPause('verify_email', email);
      before = mailbox.to(email).length;
      expect((await browser.register(email, 'second-pass')).status).toBe(201);
      const fresh = codeIn(await mailbox.next(email, before));
      expect((await browser.verify(email, fresh)).status).toBe(200);
      expect((await api.post('/api/auth/creator/login', { email, password: 'first-pass' })).status).toBe(401);
      expect((await api.post('/api/auth/creator/login', { email, password: 'second-pass' })).status).toBe(
        200,
      );
    });

    it('five wrong codes burn the code; logging in with the right password mails a new one', async () => {
      const email = newEmail();
      const code = await register(email);
      const wrongCode = code === '999999' ? '888888' : '999999';
      const answers: string[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await api.post('/api/auth/creator/verify', { email, otp: wrongCode });
        expect(res.status).toBe(400);
        answers.push(res.body.message);
      }
      expect(answers.slice(0, 4)).toEqual(Array(4).fill('Invalid or expired OTP'));
      expect(answers[4]).toBe('Too many wrong codes. Please register again or log in to get a new code.');
      expect((await api.post('/api/auth/creator/verify', { email, otp: code })).status).toBe(400);

      await skipResendPause('verify_email', email);
      const before = mailbox.to(email).length;
      const login = await api.post('/api/auth/creator/login', { email, password: 'secret123' });
      expect(login.status).toBe(403);
      expect(login.body.message).toBe(
        'Please verify your email before logging in. We sent a new code to your email.',
      );
      const fresh = codeIn(await mailbox.next(email, before));
      expect((await api.post('/api/auth/creator/verify', { email, otp: fresh })).status).toBe(200);
    });

    it.each([
      [{ email: 'a@example.com', otp: '12345' }, 'Please enter the 6-digit code'],
      [{ email: 'a@example.com', otp: 'abcdef' }, 'Please enter the 6-digit code'],
      [{ otp: '123456' }, 'Email is required'],
    ])('refuses verification %j with 400 "%s"', async (body, message) => {
      const res = await api.post('/api/auth/creator/verify', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
    });
  });

  describe('login and sessions', () => {
    it('never says whether the e-mail or the password was wrong', async () => {
      const { email } = await registeredCreator();
      const wrongPassword = await api.post('/api/auth/creator/login', { email, password: 'wrong-pass' });
      const unknown = await api.post('/api/auth/creator/login', { email: newEmail(), password: 'secret123' });
      expect(wrongPassword.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrongPassword.body).toEqual({ message: 'Invalid email or password' });
      expect(unknown.body).toEqual(wrongPassword.body);
      const short = await api.post('/api/auth/creator/login', { email, password: '123' });
      expect(short.status).toBe(400);
      expect(short.body.message).toContain('Password must be at least 6 characters');
    });

    it('sets an HttpOnly SameSite=Lax cookie that identifies the user, as does the Bearer token', async () => {
      const { email, password } = await registeredCreator();
      const login = await api.post('/api/auth/creator/login', { email, password });
      const setCookie = login.headers.getSetCookie().find((c) => c.startsWith('cutroom_session='))!;
      expect(setCookie).toBeTruthy();
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      expect(setCookie).toMatch(/Path=\//);
      expect(setCookie).not.toMatch(/Secure/i); // plain http here; Secure when PUBLIC_URL is https
      const cookie = setCookie.split(';')[0]!;
      expect(cookie).toBe(`cutroom_session=${login.body.token}`);

      expect(login.headers.get('cache-control')).toBe('no-store');
      const byCookie = await api.get('/api/me', { cookie });
      expect(byCookie.status).toBe(200);
      expect(byCookie.headers.get('cache-control')).toBe('no-store');
      expect(byCookie.body).toEqual({ user: login.body.user });
      const byBearer = await api.get('/api/me', { token: login.body.token });
      expect(byBearer.body).toEqual({ user: login.body.user });

      const anonymous = await api.get('/api/me');
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({ message: 'Please login to continue' });
      const bogus = await api.get('/api/me', { token: 'not-a-real-token' });
      expect(bogus.status).toBe(401);
    });

    it('logout ends the session and clears the cookie; logging out twice is harmless', async () => {
      const { email, password } = await registeredCreator();
      const login = await api.post('/api/auth/creator/login', { email, password });
      const cookie = `cutroom_session=${login.body.token}`;
      const out = await api.post('/api/auth/logout', undefined, {
        cookie,
        headers: { origin: server.url },
      });
      expect(out.status).toBe(200);
      expect(out.body).toEqual({ message: 'Logged out successfully' });
      const cleared = out.headers.getSetCookie().find((c) => c.startsWith('cutroom_session='))!;
      expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
      expect((await api.get('/api/me', { cookie })).status).toBe(401);
      expect((await api.get('/api/me', { token: login.body.token })).status).toBe(401);
      expect((await api.post('/api/auth/logout')).status).toBe(200);
    });

    it('refuses a cookie-borne logout from a foreign page', async () => {
      const { email, password } = await registeredCreator();
      const login = await api.post('/api/auth/creator/login', { email, password });
      const cookie = `cutroom_session=${login.body.token}`;
      const forged = await api.post('/api/auth/logout', undefined, {
        cookie,
        headers: { origin: 'https://evil.example' },
      });
      expect(forged.status).toBe(403);
      expect(forged.body.message).toBe('Cross-site request refused');
      expect((await api.get('/api/me', { cookie })).status).toBe(200);
    });

    it('a session stops working once it has expired', async () => {
      const { email, password } = await registeredCreator();
      const login = await api.post('/api/auth/creator/login', { email, password });
      const { sessions } = await import('../src/db/schema');
      await server.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, login.body.user._id));
      expect((await api.get('/api/me', { token: login.body.token })).status).toBe(401);
    });
  });

  describe('forgot password', () => {
    it('mails a code, verifies it, resets once, and ends every session', async () => {
      const { email } = await registeredCreator();
      const session = await api.post('/api/auth/creator/login', { email, password: 'secret123' });
      const before = mailbox.to(email).length;
      const asked = await api.post('/api/auth/forgot-password', { email: email.toUpperCase() });
      expect(asked.status).toBe(200);
      expect(asked.body).toEqual({ message: 'OTP sent to your email' });
      const mail = await mailbox.next(email, before);
      expect(mail.subject).toBe('Your Cutroom password reset code');
      const code = codeIn(mail);

      const early = await api.post('/api/auth/reset-password', {
        email,
        resetToken: 'not-a-real-token-not-a-real-token',
        newPassword: 'brand-new-pass',
        confirmPassword: 'brand-new-pass',
      });
      expect(early.status).toBe(400);
      expect(early.body.message).toBe(
        'Your reset code has expired or was not verified. Please request a new one.',
      );

      const wrong = await api.post('/api/auth/verify-otp', {
        email,
        otp: code === '000000' ? '111111' : '000000',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('Invalid or expired OTP');
      const verified = await api.post('/api/auth/verify-otp', { email, otp: code });
      expect(verified.status).toBe(200);
      expect(verified.body).toEqual({ message: 'OTP verified', resetToken: expect.any(String) });
      const { resetToken } = verified.body as { resetToken: string };
      expect(resetToken).toMatch(/^[\w-]{40,}$/);
      // Only a hash of the token is kept.
      const stored = await server.db.select().from(otps).where(eq(otps.email, email));
      expect(stored.some((r) => r.resetTokenHash && r.resetTokenHash !== resetToken)).toBe(true);
      expect(stored.every((r) => r.resetTokenHash !== resetToken)).toBe(true);

      const mismatch = await api.post('/api/auth/reset-password', {
        email,
        resetToken,
        newPassword: 'brand-new-pass',
        confirmPassword: 'brand-new-pas',
      });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.message).toBe('Passwords do not match');
      const short = await api.post('/api/auth/reset-password', {
        email,
        resetToken,
        newPassword: '123',
        confirmPassword: '123',
      });
      expect(short.body.message).toContain('New password must be at least 6 characters');

      const reset = await api.post('/api/auth/reset-password', {
        email,
        resetToken,
        newPassword: 'brand-new-pass',
        confirmPassword: 'brand-new-pass',
      });
      expect(reset.status).toBe(200);
      expect(reset.body).toEqual({ message: 'Password reset successful, login again' });
      expect((await api.get('/api/me', { token: session.body.token })).status).toBe(401);

      const twice = await api.post('/api/auth/reset-password', {
        email,
        resetToken,
        newPassword: 'third-pass',
        confirmPassword: 'third-pass',
      });
      expect(twice.status).toBe(400);
      expect((await api.post('/api/auth/creator/login', { email, password: 'secret123' })).status).toBe(401);
      expect((await api.post('/api/auth/creator/login', { email, password: 'brand-new-pass' })).status).toBe(
        200,
      );
    });

    it('a verified code lets only the client holding its reset token reset the password', async () => {
      const { email, password } = await registeredCreator();
      const before = mailbox.to(email).length;
      await api.post('/api/auth/forgot-password', { email });
      const code = codeIn(await mailbox.next(email, before));
      const verified = await api.post('/api/auth/verify-otp', { email, otp: code });
      expect(verified.status).toBe(200);
      const { resetToken } = verified.body as { resetToken: string };

      // Anyone who only knows the address cannot use the owner's verified code.
      const anonymous = await api.post('/api/auth/reset-password', {
        email,
        newPassword: 'hijack-pass',
        confirmPassword: 'hijack-pass',
      });
      expect(anonymous.status).toBe(400);
      expect(anonymous.body.message).toContain('Please verify the reset code first');
      expect(resetToken).toBeTruthy();
      const guessed = await api.post('/api/auth/reset-password', {
        email,
        resetToken: `${resetToken.slice(0, -2)}xx`,
        newPassword: 'hijack-pass',
        confirmPassword: 'hijack-pass',
      });
      expect(guessed.status).toBe(400);
      expect(guessed.body.message).toBe(
        'Your reset code has expired or was not verified. Please request a new one.',
      );
      // The token is for this address only.
      const { email: other } = await registeredCreator();
      const elsewhere = await api.post('/api/auth/reset-password', {
        email: other,
        resetToken,
        newPassword: 'hijack-pass',
        confirmPassword: 'hijack-pass',
      });
      expect(elsewhere.status).toBe(400);

      // A new forgot-password request (anyone can send one) does not cancel the reset in progress.
      await skipResendPause('reset_password', email);
      const count = mailbox.to(email).length;
      expect((await api.post('/api/auth/forgot-password', { email })).status).toBe(200);
      await mailbox.next(email, count);

      const reset = await api.post('/api/auth/reset-password', {
        email,
        resetToken,
        newPassword: 'owner-new-pass',
        confirmPassword: 'owner-new-pass',
      });
      expect(reset.status).toBe(200);
      const replay = await api.post('/api/auth/reset-password', {
        email,
        resetToken,
        newPassword: 'hijack-pass',
        confirmPassword: 'hijack-pass',
      });
      expect(replay.status).toBe(400);
      expect((await api.post('/api/auth/creator/login', { email, password })).status).toBe(401);
      expect((await api.post('/api/auth/creator/login', { email, password: 'hijack-pass' })).status).toBe(
        401,
      );
      expect((await api.post('/api/auth/creator/login', { email, password: 'owner-new-pass' })).status).toBe(
        200,
      );
    });

    it('answers an unknown address exactly like a known one, and mails nothing', async () => {
      const { email: known } = await registeredCreator();
      const unknown = newEmail();
      const a = await api.post('/api/auth/forgot-password', { email: known });
      const b = await api.post('/api/auth/forgot-password', { email: unknown });
      expect(b.status).toBe(a.status);
      expect(b.body).toEqual(a.body);
      // Within the minute both answer the same 429 too.
      const a2 = await api.post('/api/auth/forgot-password', { email: known });
      const b2 = await api.post('/api/auth/forgot-password', { email: unknown });
      expect(a2.status).toBe(429);
      expect(b2.status).toBe(429);
      expect(b2.body.message.replace(/\d+/, 'N')).toBe(a2.body.message.replace(/\d+/, 'N'));
      await mailbox.next(known, 1);
      await new Promise((r) => setTimeout(r, 300));
      expect(mailbox.to(unknown)).toHaveLength(0);
      const verify = await api.post('/api/auth/verify-otp', { email: unknown, otp: '123456' });
      expect(verify.status).toBe(400);
      expect(verify.body.message).toBe('Invalid or expired OTP');
    });

    it('a verified code allows a reset for 15 minutes only', async () => {
      const { email } = await registeredCreator();
      const before = mailbox.to(email).length;
      await api.post('/api/auth/forgot-password', { email });
      const code = codeIn(await mailbox.next(email, before));
      const verified = await api.post('/api/auth/verify-otp', { email, otp: code });
      expect(verified.status).toBe(200);
      const [otp] = await server.db
        .select()
        .from(otps)
        .where(eq(otps.email, email))
        .orderBy(otps.createdAt)
        .then((rows) => rows.filter((r) => r.purpose === 'reset_password'));
      expect(otp!.resetUntil!.getTime() - otp!.verifiedAt!.getTime()).toBe(15 * 60 * 1000);
      await server.db
        .update(otps)
        .set({ resetUntil: new Date(Date.now() - 1000) })
        .where(eq(otps.id, otp!.id));
      const late = await api.post('/api/auth/reset-password', {
        email,
        resetToken: verified.body.resetToken,
        newPassword: 'late-pass-1',
        confirmPassword: 'late-pass-1',
      });
      expect(late.status).toBe(400);
    });

    it('five wrong reset codes burn the code', async () => {
      const { email } = await registeredCreator();
      const before = mailbox.to(email).length;
      await api.post('/api/auth/forgot-password', { email });
      const code = codeIn(await mailbox.next(email, before));
      const wrongCode = code === '999999' ? '888888' : '999999';
      for (let i = 0; i < 5; i++) {
        const res = await api.post('/api/auth/verify-otp', { email, otp: wrongCode });
        expect(res.body.message).toBe('Invalid or expired OTP');
      }
      expect((await api.post('/api/auth/verify-otp', { email, otp: code })).status).toBe(400);
    });

    it('does not mail a reset code to an unverified creator or to an editor', async () => {
      const unverified = newEmail();
      await register(unverified);
      const count = mailbox.to(unverified).length;
      expect((await api.post('/api/auth/forgot-password', { email: unverified })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
      expect(mailbox.to(unverified)).toHaveLength(count);
    });

    it.each([
      ['/api/auth/forgot-password', { email: 'nope' }, 'Please enter a valid email address'],
      ['/api/auth/verify-otp', { email: 'a@example.com', otp: '1' }, 'Please enter the 6-digit code'],
      [
        '/api/auth/reset-password',
        { email: 'a@example.com', newPassword: 'abcdef' },
        'Please confirm the new password',
      ],
    ])('%s refuses %j with 400 "%s"', async (path, body, message) => {
      const res = await api.post(path, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
    });
  });
});
