import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { canonicalUsername } from '@cutroom/contracts';
import type {
  CreatorCredentials,
  OtpInput,
  RegisterEditor,
  ResetPasswordInput,
  Role,
  UpdatePasswordInput,
  User,
  UsernameLoginInput,
} from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { HttpError, badRequest, conflict, forbidden, unauthorized } from '../../lib/http-error';
import type { Mailer } from '../../lib/mailer';
import type { AccountLimits } from './auth-limits';
import { isUniqueViolation } from './db-errors';
import { passwordResetMail, registrationNoticeMail, verificationMail } from './mail-texts';
import {
  checkOtp,
  consumeResetGrant,
  hasLiveOtp,
  issueOtp,
  verifyResetOtp,
  type OtpFailure,
} from './otp-service';
import { hashPassword, verifyPassword } from './password';
import { createSession, revokeUserSessions, toOwnUser, type SessionUser } from './session-service';
import { checkNewUsername } from './usernames';

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  limits: AccountLimits;
  log: FastifyBaseLogger;
}

export interface LoginResult {
  user: User;
  token: string;
  expiresAt: Date;
}

type UserRow = typeof users.$inferSelect;

const INVALID_EMAIL_LOGIN = 'Invalid email or password';
const INVALID_USERNAME_LOGIN = 'Invalid username or password';
const INVALID_CODE = 'Invalid or expired OTP';

const normalEmail = (email: string) => email.trim().toLowerCase();

// Verifying against a real hash when the account does not exist keeps both answers equally slow,
// so timing does not tell whether an account exists.
let decoyHash: Promise<string> | undefined;
async function verifyOrDecoy(row: Pick<UserRow, 'passwordHash'> | undefined, password: string) {
  if (row) return verifyPassword(row.passwordHash, password);
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await decoyHash, password);
  return false;
}

async function findLiveUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

async function openSession(db: Db, row: UserRow): Promise<LoginResult> {
  // Expired sessions of this user go when they next log in, so the table does not grow without bound.
  await db.delete(sessions).where(and(eq(sessions.userId, row.id), lt(sessions.expiresAt, new Date())));
  const { token, expiresAt } = await createSession(db, row.id);
  return { user: toOwnUser(row), token, expiresAt };
}

/** An anonymous public name for a creator (DESIGN.md §4): never derived from the e-mail. */
const creatorHandle = () => `creator-${randomBytes(3).toString('hex')}`;

async function sendCode(
  deps: AuthDeps,
  email: string,
  purpose: 'verify_email' | 'reset_password',
  passwordHash: string | null = null,
) {
  const code = await issueOtp(deps.db, email, purpose, passwordHash);
  const mail = purpose === 'verify_email' ? verificationMail(email, code) : passwordResetMail(email, code);
  await deps.mailer.send(mail);
}

const verificationMailFailed = () =>
  new HttpError(503, 'We could not send the verification email. Please try again in a minute.');

/** Sends a sign-up code bound to the (already hashed) password it will activate. */
async function sendVerificationCode(deps: AuthDeps, email: string, passwordHash: string): Promise<void> {
  await deps.limits.beforeSendingCode('verify_email', email);
  try {
    await sendCode(deps, email, 'verify_email', passwordHash);
  } catch (err) {
    deps.log.error({ err }, 'verification mail failed');
    throw verificationMailFailed();
  }
}

/**
 * POST /api/auth/creator/register. Answers every address the same way ('OTP sent to your email', the
 * same pacing), so the reply never says whether the address has an account.
 * - A new address gets an unverified creator with a generated handle: a reservation only.
 * - An unverified creator's address may register again: the latest registration wins. Its password
 *   becomes the pending one and a new code bound to it replaces every earlier code, so a code from the
 *   inbox activates the password of the registration it was sent for, and an earlier registration
 *   (someone else's, say) can no longer be completed or logged into.
 * - An address with an account (verified, another role, or deleted) changes nothing; its owner is
 *   mailed a notice instead of a code.
 */
export async function registerCreator(deps: AuthDeps, input: CreatorCredentials): Promise<void> {
  const email = normalEmail(input.email);
  // Counted before anything is looked up, so an existing address is paced exactly like a new one.
  await deps.limits.beforeSendingCode('verify_email', email);
  const passwordHash = await hashPassword(input.password);
  const pending = await reservePendingCreator(deps.db, email, passwordHash);
  try {
    if (pending) await sendCode(deps, email, 'verify_email', passwordHash);
    else {
      // Hashing a code costs what issuing one does, so the reply's timing does not tell either.
      await hashPassword(randomBytes(3).toString('hex'));
      await deps.mailer.send(registrationNoticeMail(email));
    }
  } catch (err) {
    deps.log.error({ err }, 'registration mail failed');
    throw verificationMailFailed();
  }
}

/**
 * Makes the address an unverified creator whose pending password is this one; false when the address
 * belongs to an account already (deleted accounts count too: their address stays taken).
 */
async function reservePendingCreator(db: Db, email: string, passwordHash: string): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    const [existing] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    if (existing) {
      if (existing.role !== 'creator' || existing.emailVerifiedAt || existing.deletedAt) return false;
      const [updated] = await db
        .update(users)
        .set({ passwordHash })
        .where(and(eq(users.id, existing.id), isNull(users.emailVerifiedAt), isNull(users.deletedAt)))
        .returning({ id: users.id });
      if (updated) return true;
      // Verified a moment ago: look again.
    } else {
      const username = creatorHandle();
      try {
        await db.insert(users).values({
          role: 'creator',
          username,
          usernameCanonical: canonicalUsername(username),
          email,
          passwordHash,
          searchText: username,
        });
        return true;
      } catch (err) {
        // Either the handle collided or the e-mail was registered a moment ago: look again.
        if (!isUniqueViolation(err)) throw err;
      }
    }
    if (attempt >= 5) throw new Error('could not reserve the address');
  }
}

/**
 * POST /api/auth/creator/resend-otp. Only a creator still waiting to verify gets a new code, bound to the
 * password of their latest registration (the one a code from the inbox would activate anyway). Every
 * other address (unknown, verified, another role, deleted) is paced and answered exactly the same, and
 * the mail goes out in the background, so neither the reply nor its timing tells whether the address
 * has an account.
 */
export async function resendVerificationCode(deps: AuthDeps, rawEmail: string): Promise<void> {
  const email = normalEmail(rawEmail);
  await deps.limits.beforeSendingCode('verify_email', email);
  const [pending] = await deps.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(
      and(
        eq(users.email, email),
        eq(users.role, 'creator'),
        isNull(users.emailVerifiedAt),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  if (!pending) return;
  void sendCode(deps, email, 'verify_email', pending.passwordHash).catch((err) =>
    deps.log.error({ err }, 'verification mail failed'),
  );
}

function codeFailure(result: OtpFailure, purpose: 'verify_email' | 'reset_password') {
  if (result === 'burned' && purpose === 'verify_email') {
    return badRequest('Too many wrong codes. Please register again or log in to get a new code.');
  }
  return badRequest(INVALID_CODE);
}

/**
 * POST /api/auth/creator/verify. The right code proves the inbox, and activates the password of the
 * registration that code was sent for.
 */
export async function verifyCreatorEmail(deps: AuthDeps, input: OtpInput): Promise<void> {
  const email = normalEmail(input.email);
  await deps.limits.guardCode('verify_email', email);
  const checked = await checkOtp(deps.db, email, 'verify_email', input.otp);
  if (checked.status !== 'ok') {
    await deps.limits.codeFailed('verify_email', email);
    throw codeFailure(checked.status, 'verify_email');
  }
  const bound = checked.otp.passwordHash;
  const [done] = await deps.db
    .update(users)
    .set({ emailVerifiedAt: new Date(), ...(bound ? { passwordHash: bound } : {}) })
    .where(
      and(
        eq(users.email, email),
        eq(users.role, 'creator'),
        isNull(users.emailVerifiedAt),
        isNull(users.deletedAt),
      ),
    )
    .returning({ id: users.id });
  if (!done) throw badRequest(INVALID_CODE);
}

/** POST /api/auth/creator/login. The message never says which of e-mail or password was wrong. */
export async function loginCreator(
  deps: AuthDeps,
  input: CreatorCredentials,
  ip: string,
): Promise<LoginResult> {
  const email = normalEmail(input.email);
  const attempt = await deps.limits.beginLogin('creator', email, ip);
  const found = await findLiveUserByEmail(deps.db, email);
  const row = found?.role === 'creator' ? found : undefined;
  if (!(await verifyOrDecoy(row, input.password)) || !row) throw unauthorized(INVALID_EMAIL_LOGIN);
  if (!row.emailVerifiedAt) {
    await attempt.notAFailure();
    // The password is right, so this is the owner: send a fresh code if the last one is gone.
    let sent = false;
    if (!(await hasLiveOtp(deps.db, email, 'verify_email'))) {
      sent = await sendVerificationCode(deps, email, row.passwordHash).then(
        () => true,
        () => false,
      );
    }
    throw forbidden(
      sent
        ? 'Please verify your email before logging in. We sent a new code to your email.'
        : 'Please verify your email before logging in. Enter the code we sent to your email.',
    );
  }
  await attempt.succeeded();
  return openSession(deps.db, row);
}

/**
 * POST /api/auth/editor/login and /api/auth/admin/login: the account must have exactly that role. The
 * account is found by its canonical form (never SQL lower(), which depends on the database's locale),
 * the same form its login counters are keyed by.
 */
export async function loginWithUsername(
  deps: AuthDeps,
  role: Extract<Role, 'editor' | 'admin'>,
  input: UsernameLoginInput,
  ip: string,
): Promise<LoginResult> {
  const canonical = canonicalUsername(input.username);
  const attempt = await deps.limits.beginLogin(role, canonical, ip);
  const [row] = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.usernameCanonical, canonical), eq(users.role, role), isNull(users.deletedAt)))
    .limit(1);
  if (!(await verifyOrDecoy(row, input.password)) || !row) throw unauthorized(INVALID_USERNAME_LOGIN);
  await attempt.succeeded();
  return openSession(deps.db, row);
}

/**
 * POST /api/auth/admin/register-editor. Usernames are unique in their canonical form (whatever their
 * case), and must pass the username rule of @cutroom/contracts: no look-alike of another's name.
 */
export async function registerEditor(deps: AuthDeps, input: RegisterEditor) {
  const email = input.email ? normalEmail(input.email) : null;
  const usernameCanonical = await checkNewUsername(deps.db, input.username, () =>
    conflict('This username is already taken'),
  );
  if (email) {
    const [byEmail] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    if (byEmail) throw conflict('An account with this email already exists');
  }
  try {
    const [row] = await deps.db
      .insert(users)
      .values({
        role: 'editor',
        username: input.username,
        usernameCanonical,
        email,
        passwordHash: await hashPassword(input.password),
        searchText: input.username.toLowerCase(),
      })
      .returning();
    return toOwnUser(row!);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('This username or email is already taken');
    throw err;
  }
}

/** POST /api/auth/admin/update-password: ends the admin's other sessions, keeps this one. */
export async function updatePassword(
  deps: AuthDeps,
  current: SessionUser,
  input: UpdatePasswordInput,
  ip: string,
): Promise<void> {
  const attempt = await deps.limits.beginLogin('password-change', current.id, ip);
  const [row] = await deps.db.select().from(users).where(eq(users.id, current.id)).limit(1);
  if (!row || !(await verifyPassword(row.passwordHash, input.oldPassword))) {
    throw badRequest('Old password is incorrect');
  }
  await attempt.succeeded();
  if (input.oldPassword === input.newPassword) {
    throw badRequest('The new password must be different from the old one');
  }
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, current.id));
    await revokeUserSessions(tx as unknown as Db, current.id, current.sessionId);
  });
}

/**
 * POST /api/auth/forgot-password. Answers the same whether or not the address has an account; only a
 * verified, live creator gets a code. The mail goes out in the background so the answer's timing does
 * not tell either.
 */
export async function requestPasswordReset(deps: AuthDeps, rawEmail: string): Promise<void> {
  const email = normalEmail(rawEmail);
  await deps.limits.beforeSendingCode('reset_password', email);
  const row = await findLiveUserByEmail(deps.db, email);
  if (!row || row.role !== 'creator' || !row.emailVerifiedAt) return;
  void sendCode(deps, email, 'reset_password').catch((err) =>
    deps.log.error({ err }, 'password reset mail failed'),
  );
}

/**
 * POST /api/auth/verify-otp: a right code gives this client a single-use reset token, good for one reset
 * within 15 minutes. Knowing the address alone is not enough to finish the reset.
 */
export async function verifyResetCode(deps: AuthDeps, input: OtpInput): Promise<string> {
  const email = normalEmail(input.email);
  await deps.limits.guardCode('reset_password', email);
  const result = await verifyResetOtp(deps.db, email, input.otp);
  if (result.status !== 'ok') {
    await deps.limits.codeFailed('reset_password', email);
    throw codeFailure(result.status, 'reset_password');
  }
  return result.resetToken;
}

/** POST /api/auth/reset-password: uses up the reset token, sets the password, ends every session. */
export async function resetPassword(
  deps: AuthDeps,
  input: Pick<ResetPasswordInput, 'email' | 'resetToken' | 'newPassword'>,
): Promise<string> {
  const email = normalEmail(input.email);
  const passwordHash = await hashPassword(input.newPassword);
  const done = await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), eq(users.role, 'creator'), isNull(users.deletedAt)))
      .limit(1);
    if (!row || !(await consumeResetGrant(db, email, input.resetToken))) return null;
    await db.update(users).set({ passwordHash }).where(eq(users.id, row.id));
    await revokeUserSessions(db, row.id);
    return row.id;
  });
  if (!done) throw badRequest('Your reset code has expired or was not verified. Please request a new one.');
  return done;
}
