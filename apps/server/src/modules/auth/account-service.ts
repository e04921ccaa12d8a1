import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type {
  CreatorCredentials,
  OtpInput,
  RegisterEditor,
  Role,
  UpdatePasswordInput,
  User,
  UsernameLoginInput,
} from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { HttpError, badRequest, conflict, forbidden, unauthorized } from '../../lib/http-error';
import type { Mailer } from '../../lib/mailer';
import { keys, type AccountLimits } from './auth-limits';
import { isUniqueViolation } from './db-errors';
import { passwordResetMail, verificationMail } from './mail-texts';
import { checkOtp, consumeResetGrant, hasLiveOtp, issueOtp, type OtpCheck } from './otp-service';
import { hashPassword, verifyPassword } from './password';
import { createSession, revokeUserSessions, toOwnUser, type SessionUser } from './session-service';

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
const EMAIL_TAKEN = 'An account with this email already exists. Please login.';

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

async function sendCode(deps: AuthDeps, email: string, purpose: 'verify_email' | 'reset_password') {
  const code = await issueOtp(deps.db, email, purpose);
  const mail = purpose === 'verify_email' ? verificationMail(email, code) : passwordResetMail(email, code);
  await deps.mailer.send(mail);
}

async function sendVerificationCode(deps: AuthDeps, email: string): Promise<void> {
  await deps.limits.beforeSendingCode('verify_email', email);
  try {
    await sendCode(deps, email, 'verify_email');
  } catch (err) {
    deps.log.error({ err }, 'verification mail failed');
    throw new HttpError(503, 'We could not send the verification email. Please try again in a minute.');
  }
}

/**
 * POST /api/auth/creator/register. A new address gets an unverified creator with a generated handle.
 * An unverified address may register again (new password, new code) only once its last code has
 * expired, or with the same password: so nobody can swap the password under a code the owner is about
 * to enter.
 */
export async function registerCreator(deps: AuthDeps, input: CreatorCredentials): Promise<void> {
  const email = normalEmail(input.email);
  // Deleted accounts count too: their address stays taken (the unique index says so as well).
  const [existing] = await deps.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (existing && (existing.role !== 'creator' || existing.emailVerifiedAt || existing.deletedAt)) {
    throw conflict(EMAIL_TAKEN);
  }
  if (!existing) {
    const passwordHash = await hashPassword(input.password);
    await insertCreator(deps.db, email, passwordHash);
  } else if (!(await verifyPassword(existing.passwordHash, input.password))) {
    if (await hasLiveOtp(deps.db, email, 'verify_email')) {
      throw conflict(
        'A verification code was already sent to this email. Enter it on the verification page, or register again in 10 minutes.',
      );
    }
    await deps.db
      .update(users)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(users.id, existing.id));
  }
  await sendVerificationCode(deps, email);
}

async function insertCreator(db: Db, email: string, passwordHash: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const username = creatorHandle();
    try {
      await db.insert(users).values({ role: 'creator', username, email, passwordHash, searchText: username });
      return;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Either the handle collided (try another) or the e-mail was registered a moment ago.
      const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      if (taken) throw conflict(EMAIL_TAKEN);
      if (attempt >= 5) throw err;
    }
  }
}

function codeFailure(result: Exclude<OtpCheck, 'ok'>, purpose: 'verify_email' | 'reset_password') {
  if (result === 'burned' && purpose === 'verify_email') {
    return badRequest('Too many wrong codes. Please register again or log in to get a new code.');
  }
  return badRequest(INVALID_CODE);
}

/** POST /api/auth/creator/verify. */
export async function verifyCreatorEmail(deps: AuthDeps, input: OtpInput): Promise<void> {
  const email = normalEmail(input.email);
  await deps.limits.guardCode('verify_email', email);
  const result = await checkOtp(deps.db, email, 'verify_email', input.otp);
  if (result !== 'ok') {
    await deps.limits.codeFailed('verify_email', email);
    throw codeFailure(result, 'verify_email');
  }
  await deps.db
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(and(eq(users.email, email), eq(users.role, 'creator'), isNull(users.emailVerifiedAt)));
}

/** POST /api/auth/creator/login. The message never says which of e-mail or password was wrong. */
export async function loginCreator(deps: AuthDeps, input: CreatorCredentials): Promise<LoginResult> {
  const email = normalEmail(input.email);
  const key = keys.failedLogin('creator', email);
  await deps.limits.guardLogin(key);
  const found = await findLiveUserByEmail(deps.db, email);
  const row = found?.role === 'creator' ? found : undefined;
  if (!(await verifyOrDecoy(row, input.password)) || !row) {
    await deps.limits.loginFailed(key);
    throw unauthorized(INVALID_EMAIL_LOGIN);
  }
  if (!row.emailVerifiedAt) {
    // The password is right, so this is the owner: send a fresh code if the last one is gone.
    let sent = false;
    if (!(await hasLiveOtp(deps.db, email, 'verify_email'))) {
      sent = await sendVerificationCode(deps, email).then(
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
  await deps.limits.loginSucceeded(key);
  return openSession(deps.db, row);
}

/** POST /api/auth/editor/login and /api/auth/admin/login: the account must have exactly that role. */
export async function loginWithUsername(
  deps: AuthDeps,
  role: Extract<Role, 'editor' | 'admin'>,
  input: UsernameLoginInput,
): Promise<LoginResult> {
  const key = keys.failedLogin(role, input.username);
  await deps.limits.guardLogin(key);
  const [row] = await deps.db
    .select()
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = lower(${input.username})`,
        eq(users.role, role),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  if (!(await verifyOrDecoy(row, input.password)) || !row) {
    await deps.limits.loginFailed(key);
    throw unauthorized(INVALID_USERNAME_LOGIN);
  }
  await deps.limits.loginSucceeded(key);
  return openSession(deps.db, row);
}

/** POST /api/auth/admin/register-editor. Usernames are unique whatever their case. */
export async function registerEditor(deps: AuthDeps, input: RegisterEditor) {
  const email = input.email ? normalEmail(input.email) : null;
  const [taken] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${input.username})`)
    .limit(1);
  if (taken) throw conflict('This username is already taken');
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
): Promise<void> {
  const key = keys.failedLogin('password-change', current.id);
  await deps.limits.guardLogin(key);
  const [row] = await deps.db.select().from(users).where(eq(users.id, current.id)).limit(1);
  if (!row || !(await verifyPassword(row.passwordHash, input.oldPassword))) {
    await deps.limits.loginFailed(key);
    throw badRequest('Old password is incorrect');
  }
  if (input.oldPassword === input.newPassword) {
    throw badRequest('The new password must be different from the old one');
  }
  await deps.limits.loginSucceeded(key);
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

/** POST /api/auth/verify-otp: a right code allows one reset within 15 minutes. */
export async function verifyResetCode(deps: AuthDeps, input: OtpInput): Promise<void> {
  const email = normalEmail(input.email);
  await deps.limits.guardCode('reset_password', email);
  const result = await checkOtp(deps.db, email, 'reset_password', input.otp);
  if (result !== 'ok') {
    await deps.limits.codeFailed('reset_password', email);
    throw codeFailure(result, 'reset_password');
  }
}

/** POST /api/auth/reset-password: uses up the verified code, sets the password, ends every session. */
export async function resetPassword(deps: AuthDeps, rawEmail: string, newPassword: string): Promise<string> {
  const email = normalEmail(rawEmail);
  const passwordHash = await hashPassword(newPassword);
  const done = await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), eq(users.role, 'creator'), isNull(users.deletedAt)))
      .limit(1);
    if (!row || !(await consumeResetGrant(db, email))) return null;
    await db.update(users).set({ passwordHash }).where(eq(users.id, row.id));
    await revokeUserSessions(db, row.id);
    return row.id;
  });
  if (!done) throw badRequest('Your reset code has expired or was not verified. Please request a new one.');
  return done;
}
