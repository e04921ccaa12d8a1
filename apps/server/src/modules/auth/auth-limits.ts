import type { FastifyInstance } from 'fastify';
import { tooManyRequests } from '../../lib/http-error';
import { createAttemptStore, type AttemptStore } from './attempt-store';
import type { OtpPurpose } from './otp-service';

/** Per-IP limits of the auth routes (@fastify/rate-limit route config; Redis-backed when REDIS_URL is set). */
export const ipLimits = {
  login: { rateLimit: { max: 20, timeWindow: '1 minute' } },
  register: { rateLimit: { max: 10, timeWindow: '1 minute' } },
  otp: { rateLimit: { max: 20, timeWindow: '1 minute' } },
  forgotPassword: { rateLimit: { max: 5, timeWindow: '1 minute' } },
  resetPassword: { rateLimit: { max: 10, timeWindow: '1 minute' } },
  passwordChange: { rateLimit: { max: 10, timeWindow: '1 minute' } },
};

/** Per-account limits, counted in the shared attempt store. */
export const FAILED_LOGIN_LIMIT = 10;
export const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const WRONG_CODE_LIMIT = 10;
export const WRONG_CODE_WINDOW_MS = 60 * 60 * 1000;
export const OTP_RESEND_MS = 60 * 1000;
export const CODE_SENDS_PER_HOUR = 10;

export const keys = {
  failedLogin: (kind: 'creator' | 'editor' | 'admin' | 'password-change', who: string) =>
    `failed-login:${kind}:${who.toLowerCase()}`,
  wrongCode: (purpose: OtpPurpose, email: string) => `wrong-code:${purpose}:${email}`,
  /** The 60-second pause between two codes to one address: an OTP rule, on even when limits are off. */
  resend: (purpose: OtpPurpose, email: string) => `resend:${purpose}:${email}`,
  sendsPerHour: (purpose: OtpPurpose, email: string) => `sends:${purpose}:${email}`,
};

const stores = new WeakMap<object, AttemptStore>();

/** One attempt store per server (keyed by its config object, shared by every encapsulated child). */
export function attemptStoreFor(app: FastifyInstance): AttemptStore {
  let store = stores.get(app.config);
  if (!store) {
    store = createAttemptStore(app.redis);
    stores.set(app.config, store);
  }
  return store;
}

const minutes = (ms: number) => {
  const m = Math.max(1, Math.ceil(ms / 60_000));
  return `${m} minute${m === 1 ? '' : 's'}`;
};
const seconds = (ms: number) => {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return `${s} second${s === 1 ? '' : 's'}`;
};

/** The per-account rules, bound to one server's store and its RATE_LIMIT_DISABLED switch. */
export class AccountLimits {
  constructor(
    private readonly store: AttemptStore,
    private readonly enabled: boolean,
  ) {}

  /** Refuses before any password is checked once an account has too many recent failures. */
  async guardLogin(key: string): Promise<void> {
    if (!this.enabled) return;
    const { count, resetInMs } = await this.store.peek(key);
    if (count >= FAILED_LOGIN_LIMIT) {
      throw tooManyRequests(`Too many failed login attempts. Please try again in ${minutes(resetInMs)}.`);
    }
  }

  async loginFailed(key: string): Promise<void> {
    if (this.enabled) await this.store.hit(key, FAILED_LOGIN_WINDOW_MS);
  }

  async loginSucceeded(key: string): Promise<void> {
    if (this.enabled) await this.store.clear(key);
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
    if (resend.count > 1) {
      throw tooManyRequests(`Please wait ${seconds(resend.resetInMs)} before requesting a new code.`);
    }
    if (!this.enabled) return;
    const hourly = await this.store.hit(keys.sendsPerHour(purpose, email), 60 * 60 * 1000);
    if (hourly.count > CODE_SENDS_PER_HOUR) {
      throw tooManyRequests(
        `Too many codes requested for this email. Please try again in ${minutes(hourly.resetInMs)}.`,
      );
    }
  }
}
