import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { canonicalUsername } from '@cutroom/contracts';
import type { CreatorCredentials, RegisterEditor, Role, User, UsernameLoginInput } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { conflict, forbidden, unauthorized } from '../../lib/http-error';
import { findLiveUserByEmail, normalEmail, type AuthDeps, type UserRow } from './account-common';
import { isUniqueViolation } from './db-errors';
import { hasLiveOtp } from './otp-service';
import { hashPassword, verifyPassword } from './password';
import { createSession, toOwnUser } from './session-service';
import { knownDeviceOf, rememberDevice } from './known-devices';
import { sendVerificationCode } from './signup';
import { checkNewUsername } from './usernames';

// Logging in, and the accounts an admin creates; sign-up is in signup.ts and passwords in passwords.ts.

export interface LoginResult {
  user: User;
  token: string;
  expiresAt: Date;
  /** For the browser's `cutroom_device` cookie: it is now a known device of this account. */
  deviceToken: string;
}

/** Where a login comes from: the client's address and the browser's device cookie, if any. */
export interface LoginOrigin {
  ip: string;
  deviceToken: string | undefined;
}

const INVALID_EMAIL_LOGIN = 'Invalid email or password';
const INVALID_USERNAME_LOGIN = 'Invalid username or password';

// Verifying against a real hash when the account does not exist keeps both answers equally slow,
// so timing does not tell whether an account exists.
let decoyHash: Promise<string> | undefined;
async function verifyOrDecoy(row: Pick<UserRow, 'passwordHash'> | undefined, password: string) {
  if (row) return verifyPassword(row.passwordHash, password);
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await decoyHash, password);
  return false;
}

async function openSession(db: Db, row: UserRow, origin: LoginOrigin): Promise<LoginResult> {
  // Expired sessions of this user go when they next log in, so the table does not grow without bound.
  await db.delete(sessions).where(and(eq(sessions.userId, row.id), lt(sessions.expiresAt, new Date())));
  const { token, expiresAt } = await createSession(db, row.id);
  const deviceToken = await rememberDevice(db, origin.deviceToken, row.id);
  return { user: toOwnUser(row), token, expiresAt, deviceToken };
}

/** POST /api/auth/creator/login. The message never says which of e-mail or password was wrong. */
export async function loginCreator(
  deps: AuthDeps,
  input: CreatorCredentials,
  origin: LoginOrigin,
): Promise<LoginResult> {
  const email = normalEmail(input.email);
  const device = await knownDeviceOf(deps.db, origin.deviceToken, { role: 'creator', email });
  const attempt = await deps.limits.beginLogin('creator', email, origin.ip, device);
  const found = await findLiveUserByEmail(deps.db, email);
  const row = found?.role === 'creator' ? found : undefined;
  if (!(await verifyOrDecoy(row, input.password)) || !row) throw unauthorized(INVALID_EMAIL_LOGIN);
  if (!row.emailVerifiedAt) {
    await attempt.notAFailure();
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
  await attempt.succeeded();
  return openSession(deps.db, row, origin);
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
  origin: LoginOrigin,
): Promise<LoginResult> {
  const canonical = canonicalUsername(input.username);
  const device = await knownDeviceOf(deps.db, origin.deviceToken, { role, canonical });
  const attempt = await deps.limits.beginLogin(role, canonical, origin.ip, device);
  const [row] = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.usernameCanonical, canonical), eq(users.role, role), isNull(users.deletedAt)))
    .limit(1);
  if (!(await verifyOrDecoy(row, input.password)) || !row) throw unauthorized(INVALID_USERNAME_LOGIN);
  await attempt.succeeded();
  return openSession(deps.db, row, origin);
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
