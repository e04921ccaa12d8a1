import type { FastifyInstance } from 'fastify';
import { OTP_RESEND_SECONDS, canonicalUsername } from '@cutroom/contracts';
import { HttpError, tooManyRequests } from '../../lib/http-error';
import { perAddressLimit } from '../../lib/http/route-limits';
import type { AttemptStore } from './attempt-store';
import type { OtpPurpose } from './otp-service';

/** Per-IP limits of the auth routes (@fastify/rate-limit route config; Redis-backed when REDIS_URL is set). */
export const ipLimits = {
  login: perAddressLimit(20),
  register: perAddressLimit(10),
  resendOtp: perAddressLimit(10),
  otp: perAddressLimit(20),
  forgotPassword: perAddressLimit(5),
  resetPassword: perAddressLimit(10),
  passwordChange: perAddressLimit(10),
};

/**
 * Failed logins are counted per (account, client address): 10 in 15 minutes lock that address out of
 * that account, so guesses from elsewhere cannot lock the owner out. Across all addresses an account
 * takes at most 100 failures an hour from browsers that never logged in to it, a slower backstop against
 * guessing spread over many addresses. A browser that has logged in to the account before (a known
 * device, known-devices.ts) is counted on its own, 10 in 15 minutes, whatever its address, and the
 * backstop does not apply to it: however many addresses guess, the owner's own devices keep working.
 */
export const FAILED_LOGIN_LIMIT = 10;
export const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const ACCOUNT_FAILURE_LIMIT = 100;
export const ACCOUNT_FAILURE_WINDOW_MS = 60 * 60 * 1000;
export const WRONG_CODE_LIMIT = 10;
export const WRONG_CODE_WINDOW_MS = 60 * 60 * 1000;
export const OTP_RESEND_MS = OTP_RESEND_SECONDS * 1000;
export const CODE_SENDS_PER_HOUR = 10;

export type LoginKind = 'creator' | 'editor' | 'admin' | 'password-change';

/**
 * Login counters are keyed by the account's canonical form (canonicalUsername: the form accounts are
 * looked up by), so every spelling that reaches an account shares its counters.
 */
export const keys = {
  failedLogin: (kind: LoginKind, who: string, ip: string) =>
    `failed-login:${kind}:${canonicalUsername(who)}:ip:${ip}`,
  failedLoginOnDevice: (kind: LoginKind, who: string, deviceHash: string) =>
    `failed-login:${kind}:${canonicalUsername(who)}:device:${deviceHash}`,
  accountFailures: (kind: LoginKind, who: string) => `failed-login:${kind}:${canonicalUsername(who)}`,
  wrongCode: (purpose: OtpPurpose, email: string) => `wrong-code:${purpose}:${email}`,
  /** The 60-second pause between two codes to one address: an OTP rule, on even when limits are off. */
  resend: (purpose: OtpPurpose, email: string) => `resend:${purpose}:${email}`,
  sendsPerHour: (purpose: OtpPurpose, email: string) => `sends:${purpose}:${email}`,
};

/** The server's attempt store: made once by the auth module (plugin.ts), decorated on the app. */
export function attemptStoreFor(app: FastifyInstance): AttemptStore {
  return app.attemptStore;
}

const minutes = (ms: number) => {
  const m = Math.max(1, Math.ceil(ms / 60_000));
  return `${m} minute${m === 1 ? '' : 's'}`;
};
const seconds = (ms: number) => {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return `${s} second${s === 1 ? '' : 's'}`;
};

/**
 * The minute between two codes to one address is not over: a 429 whose wait the resend route also
 * gives as a number, so the verify page can count down to the second without reading the text.
 */
export class CodePauseError extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(waitMs: number) {
    super(429, `Please wait ${seconds(waitMs)} before requesting a new code.`);
    this.retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  }
}

/** One counted login attempt. A failure needs nothing more: it was counted up front. */
export interface LoginAttempt {
  /** The right password: this address starts again; the account's hourly count takes this one back. */
  succeeded(): Promise<void>;
  /** The right password but no login (say, an unverified e-mail): take this attempt back, clear nothing. */
  notAFailure(): Promise<void>;
}

const NO_COUNT: LoginAttempt = { succeeded: async () => {}, notAFailure: async () => {} };

/** The per-account rules, bound to one server's store and its RATE_LIMIT_DISABLED switch. */
export class AccountLimits {
  constructor(
    private readonly store: AttemptStore,
    private readonly enabled: boolean,
  ) {}

  /**
   * Counts a login attempt before its password is checked, atomically (an increment that returns the
   * new count), so guesses sent all at once cannot get more than the limit checked. Refuses once this
   * address has used up its attempts on the account, or the account its hourly backstop. The returned
   * attempt gives the count back when the password turns out to be right. `knownDevice` is the hash of
   * the browser's device token when it has logged in to this account before.
   */
  async beginLogin(
    kind: LoginKind,
    who: string,
    ip: string,
    knownDevice: string | null = null,
  ): Promise<LoginAttempt> {
    if (!this.enabled) return NO_COUNT;
    const { store } = this;
    const fromHere = knownDevice
      ? keys.failedLoginOnDevice(kind, who, knownDevice)
      : keys.failedLogin(kind, who, ip);
    const everywhere = keys.accountFailures(kind, who);
    const here = await store.hit(fromHere, FAILED_LOGIN_WINDOW_MS);
    if (here.count > FAILED_LOGIN_LIMIT) {
      throw tooManyRequests(
        `Too many failed login attempts. Please try again in ${minutes(here.resetInMs)}.`,
      );
    }
    if (knownDevice) {
      // Not counted towards the backstop either: the owner's mistakes do not help lock the account.
      return { succeeded: () => store.clear(fromHere), notAFailure: () => store.release(fromHere) };
    }
    const all = await store.hit(everywhere, ACCOUNT_FAILURE_WINDOW_MS);
    if (all.count > ACCOUNT_FAILURE_LIMIT) {
      await store.release(fromHere);
      throw tooManyRequests(
        `Too many failed login attempts for this account. Please try again in ${minutes(all.resetInMs)}, ` +
          'or log in from a device you have used before.',
      );
    }
    return {
      succeeded: async () => {
        await store.clear(fromHere);
        await store.release(everywhere);
      },
      notAFailure: async () => {
        await store.release(fromHere);
        await store.release(everywhere);
      },
    };
  }

  async guardCode(purpose: OtpPurpose, email: string): Promise<void> {
    if (!this.enabled) return;
    const { count, resetInMs } = await this.store.peek(keys.wrongCode(purpose, email));
    if (count >= WRONG_CODE_LIMIT) {
      throw tooManyRequests(`Too many wrong codes. Please try again in ${minutes(resetInMs)}.`);
    }
  }

  async codeFailed(purpose: OtpPurpose, email: string): Promise<void> {
    if (this.enabled) await this.store.hit(keys.wrongCode(purpose, email), WRONG_CODE_WINDOW_MS);
  }

  /**
   * Counts a code about to be sent to the address: at most one a minute (always) and a few an hour.
   * Keyed by address alone, so an unknown address is answered exactly like a known one.
   */
  async beforeSendingCode(purpose: OtpPurpose, email: string): Promise<void> {
    const resend = await this.store.hit(keys.resend(purpose, email), OTP_RESEND_MS);
    if (resend.count > 1) throw new CodePauseError(resend.resetInMs);
    if (!this.enabled) return;
    const hourly = await this.store.hit(keys.sendsPerHour(purpose, email), 60 * 60 * 1000);
    if (hourly.count > CODE_SENDS_PER_HOUR) {
      throw tooManyRequests(
        `Too many codes requested for this email. Please try again in ${minutes(hourly.resetInMs)}.`,
      );
    }
  }
}
