import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const hours = (fallback: number) =>
  z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
      .optional(),
  ),
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis://')
      .optional(),
  ),
  /** Names this deployment's realtime keys in Redis (stream, channels, sessions); one per deployment or test. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.:-]{1,64}$/, 'must be 1-64 letters, digits, or . : _ -')
    .default('cutroom'),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Cutroom <no-reply@cutroom.local>'),
  /**
   * 'cashfree', or 'simulator' (test payments anyone can complete for free). Unset: the simulator, but
   * only on a server nobody else can reach: loopback HOST, loopback (or unset) PUBLIC_URL, no TRUST_PROXY.
   */
  PAYMENT_PROVIDER: optionalText.pipe(z.enum(['simulator', 'cashfree']).optional()),
  /** How long the gateway's answer about an open order is reused by status reads (seconds; 0: never). */
  PAYMENT_STATUS_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  /** How often reconciliation checks our open payments and refunds with the gateway (seconds; 0: only Run now). */
  RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** A payment or refund is reconciled once it has been open this long (its webhook is overdue). */
  RECONCILE_AFTER_SECONDS: z.coerce.number().int().min(0).max(86_400).default(120),
  CASHFREE_CLIENT_ID: optionalText,
  CASHFREE_CLIENT_SECRET: optionalText,
  CASHFREE_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  /** Only for tests of the adapter: where the Cashfree API lives. */
  CASHFREE_BASE_URL: optionalText.pipe(z.url().optional()),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalText.pipe(z.url().optional()),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Footage (tus uploads): the largest file, and the most an order may hold, in bytes. */
  FOOTAGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1024 ** 3),
  ORDER_FOOTAGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 ** 3),
  /** A delivery sent through a resumable upload: the largest, in bytes. */
  DELIVERY_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 ** 3),
  /** An unfinished tus upload expires this long after it was created, and its bytes are removed. */
  UPLOAD_EXPIRY_HOURS: hours(24),
  /** An order's footage is deleted this many days after the order closes (not while it is disputed). */
  FOOTAGE_RETENTION_DAYS: z.coerce.number().positive().max(3650).default(30),
  /** Both sides are told this many days before the deletion. */
  FOOTAGE_RETENTION_NOTICE_DAYS: z.coerce.number().min(0).max(365).default(3),
  /** How often expired uploads are swept (seconds; 0: never). */
  UPLOAD_SWEEP_SECONDS: z.coerce.number().int().min(0).max(86_400).default(900),
  ADMIN_USERNAME: z.string().trim().min(1).default('admin'),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(6, 'must be at least 6 characters').optional()),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  PERKS_CHAT_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ),
  /**
   * Who runs the site and how to reach them, shown on /contact and the policy pages (the payment gateway
   * reviews a merchant's website for them). Unset address or phone: the pages leave that line out.
   */
  COMPANY_NAME: z.string().trim().min(1, 'must not be empty').max(200).default('Cutroom'),
  COMPANY_ADDRESS: optionalText.pipe(z.string().max(500, 'must be at most 500 characters').optional()),
  SUPPORT_EMAIL: optionalText.pipe(z.email({ error: 'must be an e-mail address' }).optional()),
  SUPPORT_PHONE: optionalText.pipe(
    z
      .string()
      .regex(/^\+?[\d\s()-]{6,24}$/, 'must be a phone number (digits, spaces, + ( ) -)')
      .optional(),
  ),
  /** Behind a load balancer: 'true', a hop count, or the proxies' addresses (CIDR list). Unset: trust none. */
  TRUST_PROXY: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Disables per-IP rate limits; tests that are not about limits set it. */
  RATE_LIMIT_DISABLED: z.enum(['0', '1']).default('0'),
  /** Directory of the built web app served for every non-API path. */
  WEB_DIST: optionalText,
  /**
   * How long a public editor list or search reply may be served from memory. Every change to editors or
   * portfolios clears it at once on every instance; this only bounds how long a change made behind the
   * server's back (or a lost cross-instance notice) can go unseen. 0 turns the cache off.
   */
  EDITOR_LIST_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** A delivery nobody reviews completes its order after this long (hours; fractions allowed for tests). */
  ORDER_AUTO_COMPLETE_HOURS: hours(72),
  /** The chat is warned this long before an auto-complete. */
  ORDER_AUTO_COMPLETE_WARNING_HOURS: hours(24),
  /** An editor's offer lapses after this long. */
  ORDER_OFFER_EXPIRY_HOURS: hours(7 * 24),
  /** A proposed mutual cancellation goes through if the other side has not answered by then. */
  ORDER_CANCELLATION_RESPONSE_HOURS: hours(48),
  /**
   * A tier order (Pay Now) not paid within this long lapses (cancelled by the system), so a price is never
   * held forever: Pay Now again opens a new order at the tier's current price.
   */
  TIER_ORDER_PAYMENT_HOURS: hours(24),
  /** A completed order may be disputed for this many days (of ORDER_DAY_SECONDS) after completion. */
  DISPUTE_WINDOW_DAYS: z.coerce.number().min(0).max(365).default(14),
  /** The other side answers a dispute (and the two may settle) within this long; then admins decide. */
  DISPUTE_RESPONSE_HOURS: hours(48),
  /** A dispute with admins longer than this is marked overdue in their queue. */
  DISPUTE_DECISION_HOURS: hours(72),
  /** The platform's commission on each order, in percent, fixed on the order when it is paid. */
  PLATFORM_FEE_PERCENT: z.coerce.number().int().min(0).max(90).default(20),
  /** An order's editor share becomes available this many days (of ORDER_DAY_SECONDS) after completion. */
  PAYOUT_CLEARING_DAYS: z.coerce.number().min(0).max(90).default(7),
  /**
   * How long after a payment the editor's share is split at the gateway. Cashfree refuses a split
   * within 2 minutes of the payment, and after its order split delay (T+1 by default).
   */
  PAYOUT_SPLIT_AFTER_SECONDS: z.coerce.number().min(0).max(3_600).default(150),
  /** Past this long after the payment a share is no longer split (the gateway would refuse it). */
  PAYOUT_SPLIT_WINDOW_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 30)
    .default(20),
  /**
   * The Defer Settlement days set on Cashfree's dashboard (Easy Split settings): a split share is held
   * this long after the payment unless Cutroom makes it eligible sooner, when it clears.
   */
  PAYOUT_DEFER_DAYS: z.coerce.number().min(1).max(365).default(60),
  /** Simulator only: a split sooner than this after the payment is refused, as Cashfree's is. */
  SIMULATOR_SPLIT_WAIT_SECONDS: z.coerce.number().min(0).max(3_600).default(120),
  /** Simulator only: the order split delay; a split later than this after the payment is refused. */
  SIMULATOR_SPLIT_WINDOW_HOURS: z.coerce
    .number()
    .min(0.001)
    .max(24 * 30)
    .default(24),
  /**
   * 32 bytes, base64 or hex: the AES-256-GCM key of editors' payout details. Without it, a key is made
   * once in DATA_DIR (payout-details.key, readable by the owner only); a deployment should set it.
   */
  PAYOUT_DETAILS_KEY: z.string().optional(),
  /**
   * The platform as a taxpayer (issue 27): the seller of its commission on every tax invoice, and the
   * state against which an editor's place of supply is intra- or inter-state. The defaults are a demo
   * company's; a deployment sets its own.
   */
  PLATFORM_LEGAL_NAME: z.string().min(2).max(120).default('Cutroom Technologies Private Limited'),
  PLATFORM_ADDRESS: z.string().min(2).max(300).default('12 Residency Road|Bengaluru, Karnataka 560025'),
  PLATFORM_GSTIN: z
    .string()
    .regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, 'PLATFORM_GSTIN must be a GSTIN')
    .default('29AAKCC4821L1ZA'),
  /** The SAC of the platform's commission on its invoices (9985: support services). */
  PLATFORM_COMMISSION_SAC: z
    .string()
    .regex(/^\d{4,8}$/)
    .default('998599'),
  /**
   * The simulator only: how long after a vendor's balance becomes eligible the simulated gateway settles
   * it (its settlement cycle), so the Earnings page shows Available before Paid out.
   */
  SIMULATOR_SETTLEMENT_DELAY_SECONDS: z.coerce.number().min(0).max(86_400).default(60),
  /** Simulator only: how long the simulated gateway reviews a vendor's KYC before it is ACTIVE. */
  SIMULATOR_VENDOR_REVIEW_SECONDS: z.coerce.number().min(0).max(86_400).default(0),
  /** The first re-read of a vendor the gateway is reviewing (or needs something for); doubles to 6 hours. */
  PAYOUT_VENDOR_POLL_SECONDS: z.coerce.number().min(0.1).max(86_400).default(60),
  /** Length of one "delivery day" of an order's delivery time, in seconds (tests shorten it). */
  ORDER_DAY_SECONDS: z.coerce
    .number()
    .positive()
    .max(86_400 * 7)
    .default(86_400),
  /** Unread chat messages are summarised in one e-mail per room after this many seconds (recipient away). */
  NOTIFY_DIGEST_SECONDS: z.coerce.number().positive().max(86_400).default(600),
  /** First wait before a notification e-mail is tried again (doubling, at most 10 minutes). */
  NOTIFY_MAIL_RETRY_SECONDS: z.coerce.number().positive().max(600).default(30),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'PAYMENT_PROVIDER'> {
  PAYMENT_PROVIDER: 'simulator' | 'cashfree';
  trustProxy: boolean | number | string;
  PUBLIC_URL: string;
  DATA_DIR: string;
  WEB_DIST: string;
  seedDemo: boolean;
  /** Secret that signs simulated gateway webhooks; Cashfree's own secret when set. */
  webhookSecret: string;
  secureCookies: boolean;
}

export class ConfigError extends Error {}

/** Whether HOST only accepts connections from this machine (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return (
    h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || /^::ffff:127(\.\d{1,3}){3}$/.test(h)
  );
}

/**
 * Why other machines can reach this server (HOST not loopback, a PUBLIC_URL that is not loopback, or a
 * proxy in front: TRUST_PROXY), in words for the refusal; undefined when only this machine can.
 */
function reachableFromOtherMachines(e: Env): string | undefined {
  if (!isLoopbackHost(e.HOST)) return `HOST=${e.HOST} is reachable from other machines`;
  if (e.PUBLIC_URL && !isLoopbackHost(new URL(e.PUBLIC_URL).hostname)) {
    return `PUBLIC_URL=${e.PUBLIC_URL} is reachable from other machines (through a proxy)`;
  }
  if (e.TRUST_PROXY) return `TRUST_PROXY=${e.TRUST_PROXY} says a proxy passes other machines' requests on`;
  return undefined;
}

/** Reads and validates the environment; a bad value throws one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid ${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`);
  }
  const e = parsed.data;
  // The simulator lets anyone complete their own checkout for free: it must be chosen, unless the server
  // is only reachable from this machine (the README's default run, tests, local development). A loopback
  // HOST behind a proxy (a public PUBLIC_URL, or TRUST_PROXY) is reachable by everyone through it.
  const reachable = !e.PAYMENT_PROVIDER ? reachableFromOtherMachines(e) : undefined;
  if (reachable) {
    throw new ConfigError(
      `Invalid PAYMENT_PROVIDER="": required when ${reachable}. ` +
        'Set PAYMENT_PROVIDER=cashfree (with CASHFREE_CLIENT_ID and CASHFREE_CLIENT_SECRET), or ' +
        'PAYMENT_PROVIDER=simulator to accept free test payments on purpose',
    );
  }
  const paymentProvider = e.PAYMENT_PROVIDER ?? 'simulator';
  if (paymentProvider === 'cashfree' && (!e.CASHFREE_CLIENT_ID || !e.CASHFREE_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid PAYMENT_PROVIDER=cashfree: CASHFREE_CLIENT_ID and CASHFREE_CLIENT_SECRET are required',
    );
  }
  if (paymentProvider === 'simulator' && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid PAYMENT_PROVIDER=simulator: the simulator is refused when NODE_ENV=production',
    );
  }
  if (e.STORAGE === 's3' && !e.S3_BUCKET) {
    throw new ConfigError('Invalid STORAGE=s3: S3_BUCKET is required');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    ...e,
    PAYMENT_PROVIDER: paymentProvider,
    PUBLIC_URL: publicUrl,
    DATA_DIR: path.resolve(e.DATA_DIR),
    WEB_DIST: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === '1' : !e.DATABASE_URL,
    webhookSecret: e.CASHFREE_CLIENT_SECRET ?? randomBytes(32).toString('hex'),
    secureCookies: publicUrl.startsWith('https://'),
    // Trusting X-Forwarded-For from anyone would let a client pick its own IP and dodge per-IP limits.
    trustProxy: !e.TRUST_PROXY
      ? false
      : e.TRUST_PROXY === 'true'
        ? true
        : /^\d+$/.test(e.TRUST_PROXY)
          ? Number(e.TRUST_PROXY)
          : e.TRUST_PROXY,
  };
}
