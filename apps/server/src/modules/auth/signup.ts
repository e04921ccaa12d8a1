import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { canonicalUsername, type CreatorCredentials, type OtpInput } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError, badRequest } from '../../lib/http-error';
import { INVALID_CODE, codeFailure, normalEmail, sendCode, type AuthDeps } from './account-common';
import { isUniqueViolation } from './db-errors';
import { registrationNoticeMail } from './mail-texts';
import { checkOtp } from './otp-service';
import { hashPassword } from './password';

// A creator's way in, kept apart from login: every step here must answer an address with an account
// exactly like one without, which is easier to check when nothing else is in the file.

/** An anonymous public name for a creator (DESIGN.md §4): never derived from the e-mail. */
const creatorHandle = () => `creator-${randomBytes(3).toString('hex')}`;

const verificationMailFailed = () =>
  new HttpError(503, 'We could not send the verification email. Please try again in a minute.');

/** Sends a sign-up code bound to the (already hashed) password it will activate. */
export async function sendVerificationCode(
  deps: AuthDeps,
  email: string,
  passwordHash: string,
): Promise<void> {
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

/** The live creator registered with this address who has not verified it yet. */
const awaitingVerification = (email: string) =>
  and(
    eq(users.email, email),
    eq(users.role, 'creator'),
    isNull(users.emailVerifiedAt),
    isNull(users.deletedAt),
  );

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
    .where(awaitingVerification(email))
    .limit(1);
  if (!pending) return;
  void sendCode(deps, email, 'verify_email', pending.passwordHash).catch((err) =>
    deps.log.error({ err }, 'verification mail failed'),
  );
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
    .where(awaitingVerification(email))
    .returning({ id: users.id });
  if (!done) throw badRequest(INVALID_CODE);
}
