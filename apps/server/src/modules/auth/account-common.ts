import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest } from '../../lib/http-error';
import type { Mailer } from '../../lib/mailer';
import type { AccountLimits } from './auth-limits';
import { passwordResetMail, verificationMail } from './mail-texts';
import { issueOtp, type OtpFailure } from './otp-service';

// What the sign-up, login and password flows (signup.ts, account-service.ts, passwords.ts) all need, in one
// place so that they look accounts up, word e-mail addresses and send codes the same way.

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  limits: AccountLimits;
  log: FastifyBaseLogger;
}

export type UserRow = typeof users.$inferSelect;

export const INVALID_CODE = 'Invalid or expired OTP';

export const normalEmail = (email: string) => email.trim().toLowerCase();

export async function findLiveUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function sendCode(
  deps: AuthDeps,
  email: string,
  purpose: 'verify_email' | 'reset_password',
  about: { registeredAgain?: boolean } = {},
) {
  const code = await issueOtp(deps.db, email, purpose);
  const mail =
    purpose === 'verify_email'
      ? verificationMail(email, code, about.registeredAgain ?? false)
      : passwordResetMail(email, code);
  await deps.mailer.send(mail);
}

export function codeFailure(result: OtpFailure, purpose: 'verify_email' | 'reset_password') {
  if (result === 'burned' && purpose === 'verify_email') {
    return badRequest('Too many wrong codes. Please register again or log in to get a new code.');
  }
  return badRequest(INVALID_CODE);
}
