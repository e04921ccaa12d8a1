import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { attemptStoreFor, keys } from '../src/modules/auth/auth-limits';
import { codeIn } from './helpers/mailbox';
import { serverWithMailbox } from './helpers/mail-server';
import { signupBrowser, type SignupBrowser } from './helpers/signup-browser';
import { createTestUser } from './helpers/users';

// Issue 25, item 1: whoever proves the address (types the code from its inbox) is the one whose
// password the account gets; a second registration of the same address cannot swap it.

const newEmail = () => `hijack-${randomBytes(4).toString('hex')}@example.com`;

describe('registering an address someone else registers too', () => {
  const ctx = serverWithMailbox();

  /** As if the minute between two codes to the address had passed. */
  const skipResendPause = (email: string) =>
    attemptStoreFor(ctx.server.app).clear(keys.resend('verify_email', email));
  const login = (email: string, password: string) =>
    ctx.api.post('/api/auth/creator/login', { email, password });

  async function registerIn(browser: SignupBrowser, email: string, password: string) {
    const before = ctx.mailbox.to(email).length;
    expect((await browser.register(email, password)).status).toBe(201);
    return ctx.mailbox.next(email, before);
  }

  it("the owner registers, a stranger registers a minute later: the owner's newest code activates the owner's password", async () => {
    const email = newEmail();
    const owner = signupBrowser(ctx.api);
    const stranger = signupBrowser(ctx.api);
    const first = await registerIn(owner, email, 'owner-pass');
    expect(first.text).not.toContain('registered again');
    await skipResendPause(email);
    const newest = await registerIn(stranger, email, 'stranger-pass');
    // The owner is told that someone registered their address again.
    expect(newest.text).toContain('This address was just registered again, and it may not have been you.');

    // Until the address is verified only the first registration's password is on the account.
    expect((await login(email, 'stranger-pass')).status).toBe(401);
    expect((await login(email, 'owner-pass')).status).toBe(403);

    const verified = await owner.verify(email, codeIn(newest));
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ message: 'Email verified successfully!' });
    expect((await login(email, 'owner-pass')).status).toBe(200);
    expect((await login(email, 'stranger-pass')).status).toBe(401);
  });

  it("a stranger registers first, the owner later: the owner's code, entered in the owner's browser, sets the owner's password", async () => {
    const email = newEmail();
    const stranger = signupBrowser(ctx.api);
    const owner = signupBrowser(ctx.api);
    await registerIn(stranger, email, 'stranger-pass');
    await skipResendPause(email);
    const mail = await registerIn(owner, email, 'owner-pass');
    expect((await owner.verify(email, codeIn(mail))).status).toBe(200);
    expect((await login(email, 'owner-pass')).status).toBe(200);
    expect((await login(email, 'stranger-pass')).status).toBe(401);
  });

  it('entered in a browser that registered nothing, after two registrations: verified, and no password is trusted until the owner chooses one', async () => {
    const email = newEmail();
    await registerIn(signupBrowser(ctx.api), email, 'first-pass');
    await skipResendPause(email);
    const mail = await registerIn(signupBrowser(ctx.api), email, 'second-pass');

    const elsewhere = signupBrowser(ctx.api);
    const verified = await elsewhere.verify(email, codeIn(mail));
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({
      message:
        'Email verified. This address was registered more than once, so choose your password with Forgot password.',
    });
    expect((await login(email, 'first-pass')).status).toBe(401);
    expect((await login(email, 'second-pass')).status).toBe(401);

    // The inbox's owner chooses the password through Forgot password.
    const before = ctx.mailbox.to(email).length;
    expect((await ctx.api.post('/api/auth/forgot-password', { email })).status).toBe(200);
    const resetCode = codeIn(await ctx.mailbox.next(email, before));
    const { body } = await ctx.api.post('/api/auth/verify-otp', { email, otp: resetCode });
    const reset = await ctx.api.post('/api/auth/reset-password', {
      email,
      resetToken: body.resetToken,
      newPassword: 'chosen-pass',
      confirmPassword: 'chosen-pass',
    });
    expect(reset.status).toBe(200);
    expect((await login(email, 'chosen-pass')).status).toBe(200);
  });

  it('a single registration verified on another device keeps its password', async () => {
    const email = newEmail();
    const mail = await registerIn(signupBrowser(ctx.api), email, 'only-pass');
    expect((await signupBrowser(ctx.api).verify(email, codeIn(mail))).body).toEqual({
      message: 'Email verified successfully!',
    });
    expect((await login(email, 'only-pass')).status).toBe(200);
  });

  it('the sign-up cookie is for the sign-up routes only, and every address gets one (no enumeration)', async () => {
    const fresh = await signupBrowser(ctx.api).register(newEmail(), 'secret123');
    const taken = await createTestUser(ctx.server.db, 'creator');
    const known = await signupBrowser(ctx.api).register(taken.email!, 'secret123');
    for (const res of [fresh, known]) {
      expect(res.status).toBe(201);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('cutroom_signup='));
      expect(cookie).toBeDefined();
      expect(cookie).toMatch(/; Path=\/api\/auth\/creator/);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Strict/);
      expect(cookie).toMatch(/; Max-Age=86400/);
    }
    expect(known.body).toEqual(fresh.body);
  });
});
