import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { canonicalUsername, type CreatorCredentials, type OtpInput } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { addRegistration, forgetRegistrations, newBrowserToken, registrationFor } from './registrations';
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

/** Sends a sign-up code to an address still waiting to be verified. */
export async function sendVerificationCode(deps: AuthDeps, email: string): Promise<void> {
  await deps.limits.beforeSendingCode('verify_email', email);
  try {
    await sendCode(deps, email, 'verify_email');
  } catch (err) {
    deps.log.error({ err }, 'verification mail failed');
    throw verificationMailFailed();
  }
}

/**
 * POST /api/auth/creator/register. Answers every address the same way ('OTP sent to your email', the
 * same pacing, a new browser token), so the reply never says whether the address has an account.
 * - A new address gets an unverified creator with a generated handle: a reservation only.
 * - An unverified creator's address may register again. Every registration is kept with its password
 *   and the token its browser holds; the code from the inbox then activates the password of the
 *   registration made in the browser that enters it (see verifyCreatorEmail), never a stranger's. Until
 *   then only the first registration's password is on the account. A new code replaces every earlier
 *   one, and says that the address was registered more than once.
 * - An address with an account (verified, another role, or deleted) changes nothing; its owner is
 *   mailed a notice instead of a code.
 * Returns the token for the registering browser's `cutroom_signup` cookie.
 */
export async function registerCreator(deps: AuthDeps, input: CreatorCredentials): Promise<string> {
  const email = normalEmail(input.email);
  // Counted before anything is looked up, so an existing address is paced exactly like a new one.
  await deps.limits.beforeSendingCode('verify_email', email);
  const passwordHash = await hashPassword(input.password);
  const browserToken = newBrowserToken();
  const reserved = await reservePendingCreator(deps.db, email, passwordHash);
  try {
    if (reserved) {
      const registeredAgain = await addRegistration(deps.db, email, passwordHash, browserToken);
      await sendCode(deps, email, 'verify_email', { registeredAgain });
    } else {
      // Hashing a code costs what issuing one does, so the reply's timing does not tell either.
      await hashPassword(randomBytes(3).toString('hex'));
      await deps.mailer.send(registrationNoticeMail(email));
    }
  } catch (err) {
    deps.log.error({ err }, 'registration mail failed');
    throw verificationMailFailed();
  }
  return browserToken;
}

/**
 * Makes the address an unverified creator (its first registration's password on the row); true when it
 * is one, false when the address belongs to an account already (deleted accounts count too: their
 * address stays taken).
 */
async function reservePendingCreator(db: Db, email: string, passwordHash: string): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    const [existing] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    if (existing) return existing.role === 'creator' && !existing.emailVerifiedAt && !existing.deletedAt;
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
 * POST /api/auth/creator/resend-otp. Only a creator still waiting to verify gets a new code. Every other
 * address (unknown, verified, another role, deleted) is paced and answered exactly the same, and
 * the mail goes out in the background, so neither the reply nor its timing tells whether the address
 * has an account.
 */
export async function resendVerificationCode(deps: AuthDeps, rawEmail: string): Promise<void> {
  const email = normalEmail(rawEmail);
  await deps.limits.beforeSendingCode('verify_email', email);
  const [pending] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(awaitingVerification(email))
    .limit(1);
  if (!pending) return;
  void sendCode(deps, email, 'verify_email').catch((err) =>
    deps.log.error({ err }, 'verification mail failed'),
  );
}

/**
 * POST /api/auth/creator/verify. The right code proves the inbox. The password it activates is the one
 * registered in this browser (its `cutroom_signup` token); with no token, the address's only
 * registration's. When several were made and none in this browser, nobody's password is trusted: the
 * address is verified with no usable password, and its owner chooses one through Forgot password.
 */
export async function verifyCreatorEmail(
  deps: AuthDeps,
  input: OtpInput,
  browserToken: string | undefined,
): Promise<'verified' | 'choose-password'> {
  const email = normalEmail(input.email);
  await deps.limits.guardCode('verify_email', email);
  const checked = await checkOtp(deps.db, email, 'verify_email', input.otp);
  if (checked.status !== 'ok') {
    await deps.limits.codeFailed('verify_email', email);
    throw codeFailure(checked.status, 'verify_email');
  }
  const chosen = await registrationFor(deps.db, email, browserToken);
  const passwordHash =
    chosen === 'ambiguous' ? await hashPassword(randomBytes(32).toString('hex')) : chosen?.passwordHash;
  const done = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ emailVerifiedAt: new Date(), ...(passwordHash ? { passwordHash } : {}) })
      .where(awaitingVerification(email))
      .returning({ id: users.id });
    if (row) await forgetRegistrations(tx as unknown as Db, email);
    return Boolean(row);
  });
  if (!done) throw badRequest(INVALID_CODE);
  return chosen === 'ambiguous' ? 'choose-password' : 'verified';
}
