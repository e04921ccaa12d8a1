import { and, eq, isNull } from 'drizzle-orm';
import type { OtpInput, ResetPasswordInput, UpdatePasswordInput } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest } from '../../lib/http-error';
import { codeFailure, findLiveUserByEmail, normalEmail, sendCode, type AuthDeps } from './account-common';
import { consumeResetGrant, verifyResetOtp } from './otp-service';
import { hashPassword, verifyPassword } from './password';
import { revokeUserSessions, type SessionUser } from './session-service';

// Changing a password (an admin's own) and resetting a forgotten one (a creator's): both end sessions,
// so they sit together, apart from login.

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
