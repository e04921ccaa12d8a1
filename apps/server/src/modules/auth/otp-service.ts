import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { otps } from '../../db/schema';
import { hashPassword, verifyPassword } from './password';

export type OtpPurpose = (typeof otps.$inferSelect)['purpose'];

export const OTP_TTL_MINUTES = 10;
export const OTP_TTL_MS = OTP_TTL_MINUTES * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
/** A verified reset code allows one password reset within this time. */
export const RESET_GRANT_MS = 15 * 60 * 1000;

type OtpRow = typeof otps.$inferSelect;
export type OtpFailure = 'wrong' | 'burned' | 'missing';
export type OtpCheck = { status: 'ok'; otp: OtpRow } | { status: OtpFailure };

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The address's codes for the purpose that were neither used up nor entered yet (expired ones too). */
const openCodes = (email: string, purpose: OtpPurpose) =>
  and(eq(otps.email, email), eq(otps.purpose, purpose), isNull(otps.consumedAt), isNull(otps.verifiedAt));

/**
 * Issues a new 6-digit code for the address and purpose, replacing any earlier one still waiting to be
 * entered. Only a hash is stored (argon2id, so a leaked table does not give codes away within their ten
 * minutes). Reset codes already verified are left alone: their reset token stays good until used or expired, so a
 * new forgot-password request (which anybody can make) does not cancel a reset in progress.
 */
export async function issueOtp(db: Db, email: string, purpose: OtpPurpose): Promise<string> {
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  const codeHash = await hashPassword(code);
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.update(otps).set({ consumedAt: now }).where(openCodes(email, purpose));
    await tx.insert(otps).values({
      email,
      purpose,
      codeHash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + OTP_TTL_MS),
    });
  });
  return code;
}

/** The live (not consumed, not expired, not yet verified) code for the address, if any. */
async function liveOtp(db: Db, email: string, purpose: OtpPurpose) {
  const [row] = await db
    .select()
    .from(otps)
    .where(and(openCodes(email, purpose), gt(otps.expiresAt, new Date())))
    .orderBy(desc(otps.createdAt))
    .limit(1);
  return row;
}

/** True while the address has a code that can still be entered. */
export async function hasLiveOtp(db: Db, email: string, purpose: OtpPurpose): Promise<boolean> {
  return Boolean(await liveOtp(db, email, purpose));
}

/**
 * Checks a code. Each try first reserves one of the code's five attempts in a single conditional UPDATE,
 * so even concurrent guesses cannot get more than five; the fifth wrong one burns the code.
 * On success the code is consumed ('verify_email') or
 * marked verified ('reset_password', see verifyResetOtp).
 */
export async function checkOtp(db: Db, email: string, purpose: OtpPurpose, code: string): Promise<OtpCheck> {
  const row = await liveOtp(db, email, purpose);
  if (!row) return { status: 'missing' };
  const [reserved] = await db
    .update(otps)
    .set({ attempts: sql`${otps.attempts} + 1` })
    .where(and(eq(otps.id, row.id), lt(otps.attempts, OTP_MAX_ATTEMPTS), isNull(otps.consumedAt)))
    .returning({ attempts: otps.attempts });
  if (!reserved) return { status: 'burned' };
  if (!(await verifyPassword(row.codeHash, code))) {
    if (reserved.attempts >= OTP_MAX_ATTEMPTS) {
      await db.update(otps).set({ consumedAt: new Date() }).where(eq(otps.id, row.id));
      return { status: 'burned' };
    }
    return { status: 'wrong' };
  }
  const now = new Date();
  const [done] = await db
    .update(otps)
    .set(
      purpose === 'verify_email'
        ? { consumedAt: now }
        : { verifiedAt: now, resetUntil: new Date(now.getTime() + RESET_GRANT_MS) },
    )
    .where(and(eq(otps.id, row.id), isNull(otps.consumedAt), isNull(otps.verifiedAt)))
    .returning();
  // Another request used the same code a moment earlier.
  return done ? { status: 'ok', otp: done } : { status: 'missing' };
}

/**
 * Checks a reset code; a right one gets a fresh random token, returned once to this client and stored
 * only as its SHA-256. The token, not the address, is what allows the one reset within 15 minutes.
 */
export async function verifyResetOtp(
  db: Db,
  email: string,
  code: string,
): Promise<{ status: 'ok'; resetToken: string } | { status: OtpFailure }> {
  const checked = await checkOtp(db, email, 'reset_password', code);
  if (checked.status !== 'ok') return checked;
  const resetToken = randomBytes(32).toString('base64url');
  // Until this lands the verified code has no token, so nobody can use it.
  await db
    .update(otps)
    .set({ resetTokenHash: sha256(resetToken) })
    .where(eq(otps.id, checked.otp.id));
  return { status: 'ok', resetToken };
}

/**
 * Uses up the reset grant of this token for this address, if it is still within its 15 minutes; true
 * when there was one. Every other reset code of the address goes with it. Runs inside the caller's
 * transaction so the password change and the consumption stand or fall together.
 */
export async function consumeResetGrant(db: Db, email: string, resetToken: string): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(otps)
    .set({ consumedAt: now })
    .where(
      and(
        eq(otps.email, email),
        eq(otps.purpose, 'reset_password'),
        eq(otps.resetTokenHash, sha256(resetToken)),
        isNotNull(otps.verifiedAt),
        isNull(otps.consumedAt),
        gt(otps.resetUntil, now),
      ),
    )
    .returning({ id: otps.id });
  if (rows.length === 0) return false;
  await db
    .update(otps)
    .set({ consumedAt: now })
    .where(and(eq(otps.email, email), eq(otps.purpose, 'reset_password'), isNull(otps.consumedAt)));
  return true;
}
