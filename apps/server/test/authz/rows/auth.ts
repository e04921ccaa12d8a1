import { createHash, randomBytes } from 'node:crypto';
import { sessions } from '../../../src/db/schema';
import { SESSION_TTL_MS } from '../../../src/modules/auth/session-service';
import type { AuthzContext, AuthzRowsFactory } from '../types';

const A = '/api/auth';

/**
 * Logout really ends the matrix users' sessions; put them back (same tokens) so the rows after it still
 * speak as each role. Idempotent.
 */
async function restoreSessions(ctx: AuthzContext): Promise<void> {
  for (const user of Object.values(ctx.users)) {
    await ctx.server.db
      .insert(sessions)
      .values({
        tokenHash: createHash('sha256').update(user.token).digest('hex'),
        userId: user.id,
        expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      })
      .onConflictDoNothing();
  }
}

export const authRows: AuthzRowsFactory = async (ctx) => {
  const unique = randomBytes(4).toString('hex');
  const wrongLogin = { username: `nobody-${unique}`, password: 'wrong-password' };
  const unknownEmail = `matrix-${unique}@example.com`;
  return [
    {
      method: 'POST',
      route: `${A}/logout`,
      path: async () => {
        await restoreSessions(ctx);
        return `${A}/logout`;
      },
      expect: { anonymous: 200, creator: 200, editor: 200, admin: 200 },
    },
    {
      method: 'GET',
      route: '/api/me',
      path: async () => {
        await restoreSessions(ctx);
        return '/api/me';
      },
      expect: { anonymous: 401, creator: 200, editor: 200, admin: 200 },
    },
    {
      method: 'POST',
      route: `${A}/creator/register`,
      path: `${A}/creator/register`,
      // Open to everyone. An address that already has an account is answered like a new one (its owner
      // gets a notice, auth.test.ts); the tries after the first within a minute are 429 for that address.
      body: { email: ctx.users.creator.email, password: 'secret123' },
      expect: { anonymous: 201, creator: 429, editor: 429, admin: 429 },
    },
    {
      method: 'POST',
      route: `${A}/creator/verify`,
      path: `${A}/creator/verify`,
      body: { email: unknownEmail, otp: '000000' },
      expect: { anonymous: 400, creator: 400, editor: 400, admin: 400 },
    },
    {
      method: 'POST',
      route: `${A}/creator/resend-otp`,
      path: `${A}/creator/resend-otp`,
      // Open to everyone and answered alike whether or not the address has an account; the tries after
      // the first within a minute are 429 for that address (auth-resend.test.ts).
      body: { email: `resend-${unique}@example.com` },
      expect: { anonymous: 200, creator: 429, editor: 429, admin: 429 },
    },
    {
      method: 'POST',
      route: `${A}/creator/login`,
      path: `${A}/creator/login`,
      body: { email: unknownEmail, password: 'wrong-password' },
      expect: { anonymous: 401, creator: 401, editor: 401, admin: 401 },
    },
    {
      method: 'POST',
      route: `${A}/editor/login`,
      path: `${A}/editor/login`,
      body: wrongLogin,
      expect: { anonymous: 401, creator: 401, editor: 401, admin: 401 },
    },
    {
      method: 'POST',
      route: `${A}/admin/login`,
      path: `${A}/admin/login`,
      body: wrongLogin,
      expect: { anonymous: 401, creator: 401, editor: 401, admin: 401 },
    },
    {
      method: 'POST',
      route: `${A}/forgot-password`,
      path: `${A}/forgot-password`,
      body: { email: unknownEmail },
      // 200 the first time, then 429 within the minute: open to everyone either way.
      expect: { anonymous: 'pass', creator: 'pass', editor: 'pass', admin: 'pass' },
    },
    {
      method: 'POST',
      route: `${A}/verify-otp`,
      path: `${A}/verify-otp`,
      body: { email: unknownEmail, otp: '000000' },
      expect: { anonymous: 400, creator: 400, editor: 400, admin: 400 },
    },
    {
      method: 'POST',
      route: `${A}/reset-password`,
      path: `${A}/reset-password`,
      body: { email: unknownEmail, newPassword: 'secret123', confirmPassword: 'secret123' },
      expect: { anonymous: 400, creator: 400, editor: 400, admin: 400 },
    },
    {
      method: 'POST',
      route: `${A}/admin/update-password`,
      path: `${A}/admin/update-password`,
      body: { oldPassword: 'not-the-password', newPassword: 'new-secret-1' },
      expect: { anonymous: 401, creator: 403, editor: 403, admin: 400 },
    },
    {
      method: 'POST',
      route: `${A}/admin/register-editor`,
      path: `${A}/admin/register-editor`,
      body: { username: `matrix-editor-${unique}`, password: 'secret123' },
      expect: { anonymous: 401, creator: 403, editor: 403, admin: 201 },
    },
  ];
};
