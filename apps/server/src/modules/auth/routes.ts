import { firstAdminStep } from './first-admin';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { notifyPasswordChanged } from './notices';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  creatorLoginInputSchema,
  creatorRegisterInputSchema,
  currentUserReplySchema,
  errorReplies,
  forgotPasswordInputSchema,
  loginReplySchema,
  messageReplySchema,
  otpInputSchema,
  registerEditorInputSchema,
  registerEditorReplySchema,
  resendOtpInputSchema,
  resendOtpTooManyReplySchema,
  resetPasswordInputSchema,
  updatePasswordInputSchema,
  usernameLoginInputSchema,
  verifyResetReplySchema,
} from '@cutroom/contracts';
import { unauthorized } from '../../lib/http-error';
import { requireRole } from '../../plugins/current-user';
import type { AuthDeps } from './account-common';
import {
  loginCreator,
  loginWithUsername,
  registerEditor,
  type LoginOrigin,
  type LoginResult,
} from './account-service';
import { DEVICE_COOKIE, KNOWN_DEVICE_DAYS } from './known-devices';
import { requestPasswordReset, resetPassword, updatePassword, verifyResetCode } from './passwords';
import { registerCreator, resendVerificationCode, verifyCreatorEmail } from './signup';
import { AccountLimits, CodePauseError, attemptStoreFor, ipLimits } from './auth-limits';
import { disconnectRevokedSockets } from './revoked-sockets';
import { atEvenPace } from './even-pace';
import { REGISTRATION_TTL_MS, SIGNUP_COOKIE } from './registrations';
import { SESSION_COOKIE, revokeSessionByToken, toOwnUser } from './session-service';

/** The RFC 7240 preference with which GET /api/me answers a visitor instead of refusing them. */
export const OPTIONAL_SESSION = 'session=optional';

/** `Prefer` may list several preferences, each with parameters: `session=optional, return=minimal`. */
export function prefersOptionalSession(header: string | string[] | undefined): boolean {
  const values = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return values
    .flatMap((value) => value.split(','))
    .some((preference) => preference.split(';')[0]!.replace(/\s+/g, '').toLowerCase() === OPTIONAL_SESSION);
}

// What each route answers (besides the error handler's `{ message }` on a 4xx).
const ok = { 200: messageReplySchema, ...errorReplies };
const created = { 201: messageReplySchema, ...errorReplies };
const login = { 200: loginReplySchema, ...errorReplies };
const currentUser = { 200: currentUserReplySchema, ...errorReplies };
const resent = { 200: messageReplySchema, 429: resendOtpTooManyReplySchema, ...errorReplies };
const resetCodeVerified = { 200: verifyResetReplySchema, ...errorReplies };
const editorCreated = { 201: registerEditorReplySchema, ...errorReplies };

/** The auth endpoints of SPEC.md §7, exactly as the pages call them. */
export const authRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.seeds.addBootstrap(firstAdminStep);
  const deps: AuthDeps = {
    db: app.db,
    mailer: app.mailer,
    limits: new AccountLimits(attemptStoreFor(app), app.config.RATE_LIMIT_DISABLED !== '1'),
    log: app.log,
  };
  // Replies carry who the user is or a session token: never kept by a browser or proxy cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const cookieOptions = () => ({
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.config.secureCookies,
    path: '/',
  });

  // Only the sign-up routes read it: it says which registration of an address this browser made.
  const signupCookieOptions = () => ({
    ...cookieOptions(),
    sameSite: 'strict' as const,
    path: '/api/auth/creator',
    maxAge: REGISTRATION_TTL_MS / 1000,
  });

  const loginOrigin = (request: FastifyRequest): LoginOrigin => ({
    ip: request.ip,
    deviceToken: request.cookies[DEVICE_COOKIE],
  });

  /** Every login answers the same way: the cookie for the browser, the token for the Bearer header. */
  const loggedIn = (reply: FastifyReply, result: LoginResult) => {
    reply.setCookie(SESSION_COOKIE, result.token, { ...cookieOptions(), expires: result.expiresAt });
    reply.setCookie(DEVICE_COOKIE, result.deviceToken, {
      ...cookieOptions(),
      path: '/api/auth',
      maxAge: KNOWN_DEVICE_DAYS * 24 * 60 * 60,
    });
    return reply.send({ message: AUTH_MESSAGES.loginSuccessful, user: result.user, token: result.token });
  };

  // The page asks on every load (SPEC.md §4), before it can know whether anyone signed in. For it a
  // visitor is an answer, and a 401 would be logged by the browser on every anonymous page; so a caller
  // that says `Prefer: session=optional` gets { user: null }. Every other caller keeps the 401.
  app.get('/me', { schema: { response: currentUser } }, async (request, reply) => {
    reply.header('vary', 'prefer');
    if (request.user) return { user: toOwnUser(request.user) };
    if (!prefersOptionalSession(request.headers.prefer)) throw unauthorized();
    reply.header('preference-applied', OPTIONAL_SESSION);
    return { user: null };
  });

  app.post('/auth/logout', { schema: { response: ok } }, async (request, reply) => {
    if (request.sessionToken) await revokeSessionByToken(app.db, request.sessionToken);
    if (request.user) await disconnectRevokedSockets(app, request.user.id);
    reply.clearCookie(SESSION_COOKIE, cookieOptions());
    return { message: AUTH_MESSAGES.loggedOut };
  });

  app.post(
    '/auth/creator/register',
    { schema: { body: creatorRegisterInputSchema, response: created }, config: ipLimits.register },
    async (request, reply) => {
      const browserToken = await registerCreator(deps, request.body);
      reply.setCookie(SIGNUP_COOKIE, browserToken, signupCookieOptions());
      return reply.status(201).send({ message: AUTH_MESSAGES.otpSent });
    },
  );

  app.post(
    '/auth/creator/verify',
    { schema: { body: otpInputSchema, response: ok }, config: ipLimits.otp },
    async (request, reply) => {
      const outcome = await verifyCreatorEmail(deps, request.body, request.cookies[SIGNUP_COOKIE]);
      reply.clearCookie(SIGNUP_COOKIE, signupCookieOptions());
      return {
        message:
          outcome === 'verified' ? AUTH_MESSAGES.emailVerified : AUTH_MESSAGES.emailVerifiedChoosePassword,
      };
    },
  );

  app.post(
    '/auth/creator/resend-otp',
    { schema: { body: resendOtpInputSchema, response: resent }, config: ipLimits.resendOtp },
    async (request, reply) => {
      const startedAt = performance.now();
      try {
        await atEvenPace(startedAt, () => resendVerificationCode(deps, request.body.email));
      } catch (err) {
        // The wait as a number as well as in words: the verify page counts it down.
        if (err instanceof CodePauseError) {
          return reply
            .status(429)
            .header('retry-after', String(err.retryAfterSeconds))
            .send({ message: err.message, retryAfter: err.retryAfterSeconds });
        }
        throw err;
      }
      return { message: AUTH_MESSAGES.otpSent };
    },
  );

  app.post(
    '/auth/creator/login',
    { schema: { body: creatorLoginInputSchema, response: login }, config: ipLimits.login },
    async (request, reply) => loggedIn(reply, await loginCreator(deps, request.body, loginOrigin(request))),
  );

  app.post(
    '/auth/editor/login',
    { schema: { body: usernameLoginInputSchema, response: login }, config: ipLimits.login },
    async (request, reply) =>
      loggedIn(reply, await loginWithUsername(deps, 'editor', request.body, loginOrigin(request))),
  );

  app.post(
    '/auth/admin/login',
    { schema: { body: usernameLoginInputSchema, response: login }, config: ipLimits.login },
    async (request, reply) =>
      loggedIn(reply, await loginWithUsername(deps, 'admin', request.body, loginOrigin(request))),
  );

  app.post(
    '/auth/forgot-password',
    { schema: { body: forgotPasswordInputSchema, response: ok }, config: ipLimits.forgotPassword },
    async (request) => {
      const startedAt = performance.now();
      await atEvenPace(startedAt, () => requestPasswordReset(deps, request.body.email));
      return { message: AUTH_MESSAGES.otpSent };
    },
  );

  app.post(
    '/auth/verify-otp',
    { schema: { body: otpInputSchema, response: resetCodeVerified }, config: ipLimits.otp },
    async (request) => {
      const resetToken = await verifyResetCode(deps, request.body);
      return { message: AUTH_MESSAGES.otpVerified, resetToken };
    },
  );

  app.post(
    '/auth/reset-password',
    { schema: { body: resetPasswordInputSchema, response: ok }, config: ipLimits.resetPassword },
    async (request, reply) => {
      const userId = await resetPassword(deps, request.body);
      await disconnectRevokedSockets(app, userId);
      await notifyPasswordChanged(app, userId);
      // Every session ended, this browser's included.
      reply.clearCookie(SESSION_COOKIE, cookieOptions());
      return { message: AUTH_MESSAGES.passwordReset };
    },
  );

  app.post(
    '/auth/admin/update-password',
    {
      preValidation: requireRole('admin'),
      schema: { body: updatePasswordInputSchema, response: ok },
      config: ipLimits.passwordChange,
    },
    async (request) => {
      await updatePassword(deps, request.user!, request.body, request.ip);
      await disconnectRevokedSockets(app, request.user!.id);
      await notifyPasswordChanged(app, request.user!.id);
      return { message: AUTH_MESSAGES.passwordUpdated };
    },
  );

  app.post(
    '/auth/admin/register-editor',
    {
      preValidation: requireRole('admin'),
      schema: { body: registerEditorInputSchema, response: editorCreated },
    },
    async (request, reply) => {
      const editor = await registerEditor(deps, request.body);
      // A new editor shows in the public list at once ('Portfolio not available yet').
      app.editorCatalogue.changed();
      return reply.status(201).send({ message: AUTH_MESSAGES.editorRegistered, data: editor });
    },
  );
};
