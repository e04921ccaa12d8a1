import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { paiseFromRupees } from '@cutroom/contracts';
import { GatewayError } from './types';

export const CASHFREE_API_VERSION = '2025-01-01';
export const CASHFREE_BASE_URLS = {
  sandbox: 'https://sandbox.cashfree.com/pg',
  production: 'https://api.cashfree.com/pg',
} as const;

export interface CashfreeOptions {
  clientId: string;
  clientSecret: string;
  mode: 'sandbox' | 'production';
  /** Overrides the URL chosen by mode (tests point it at a local fake). */
  baseUrl?: string;
  timeoutMs?: number;
}

// Cashfree returns amounts as JSON numbers in rupees and ids sometimes as numbers, sometimes as strings;
// a few Easy Split replies carry numbers as strings too ("810000.00"), so both are read.
const numeric = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);
export const cfId = z.union([z.string(), z.number()]).transform(String);
/** A gateway amount in rupees, read as paise. */
export const rupeesAsPaise = numeric.transform((v) => paiseFromRupees(v));

/** A stable UUID for one logical create, so a retried call cannot create the same thing twice. */
export function idempotencyKey(scope: string): string {
  const h = createHash('sha256').update(scope).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** What Cashfree answered when it refused: the HTTP status and its error body's code and message. */
export interface CashfreeFailure {
  status: number;
  code?: string;
  message?: string;
}

export interface CashfreeCall {
  /** JSON, or a FormData sent as multipart/form-data (fetch writes that content type with its boundary). */
  body?: unknown;
  idempotencyKey?: string;
  /** Refusals that mean "no such thing here": answered as null instead of thrown. */
  absentWhen?: (failure: CashfreeFailure) => boolean;
  /** A more precise error than the generic mapping, for refusals this call knows the meaning of. */
  refine?: (failure: CashfreeFailure) => GatewayError | undefined;
  /** What a 404 is about, in the generic message ("The payment gateway does not know this order"). */
  subject?: string;
  /** Easy Split's older v2 API (api/v2 beside pg), where a few calls still live. */
  v2?: boolean;
}

export const isNotFound = (f: CashfreeFailure) => f.status === 404;

const errorBody = z
  .object({ message: z.string().optional(), code: z.string().optional(), type: z.string().optional() })
  .partial();

/** Cashfree's PG REST API over fetch: its headers, its error bodies, and our readable errors. */
export class CashfreeHttp {
  readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly opts: CashfreeOptions) {
    this.baseUrl = (opts.baseUrl ?? CASHFREE_BASE_URLS[opts.mode]).replace(/\/$/, '');
    this.timeoutMs = opts.timeoutMs ?? 15_000;
  }

  parse<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      throw new GatewayError(502, 'The payment gateway sent a reply we could not read', false);
    }
    return parsed.data;
  }

  /** One API call; the reply's JSON, or null for a refusal `absentWhen` accepts. */
  async call(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    path: string,
    opts: CashfreeCall = {},
  ): Promise<unknown> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-api-version': CASHFREE_API_VERSION,
      'x-client-id': this.opts.clientId,
      'x-client-secret': this.opts.clientSecret,
      'x-request-id': randomUUID(),
    };
    const form = opts.body instanceof FormData;
    if (opts.body !== undefined && !form) headers['content-type'] = 'application/json';
    if (opts.idempotencyKey) headers['x-idempotency-key'] = opts.idempotencyKey;
    let res: Response;
    try {
      const base = opts.v2 ? `${this.baseUrl.replace(/\/pg$/, '')}/api/v2` : this.baseUrl;
      res = await fetch(`${base}${path}`, {
        method,
        headers,
        body: form
          ? (opts.body as FormData)
          : opts.body === undefined
            ? undefined
            : JSON.stringify(opts.body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw new GatewayError(502, 'The payment gateway is not answering. Please try again.', false);
    }
    const text = await res.text();
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      /* a proxy's HTML error page: handled by status below */
    }
    if (res.ok) return json;
    const err = errorBody.safeParse(json);
    const failure: CashfreeFailure = {
      status: res.status,
      code: err.success ? err.data.code : undefined,
      message: err.success ? err.data.message : undefined,
    };
    if (opts.absentWhen?.(failure)) return null;
    throw opts.refine?.(failure) ?? mapError(failure, opts.subject ?? 'order');
  }
}

export function mapError({ status, code, message }: CashfreeFailure, subject = 'order'): GatewayError {
  const detail = message ? `: ${message}` : '';
  if (status === 409 && code === 'order_already_exists') {
    return new GatewayError(
      409,
      'An order with this id already exists at the payment gateway',
      true,
      code,
      status,
    );
  }
  if (status === 409) {
    return new GatewayError(
      409,
      `The payment gateway reports a duplicate request${detail}`,
      true,
      code,
      status,
    );
  }
  if (status === 401 || status === 403) {
    return new GatewayError(502, 'The payment gateway refused our credentials', true, code, status);
  }
  if (status === 404) {
    return new GatewayError(
      404,
      `The payment gateway does not know this ${subject}${detail}`,
      true,
      code,
      status,
    );
  }
  if (status === 429) {
    return new GatewayError(
      503,
      'The payment gateway is busy. Please try again shortly.',
      true,
      code,
      status,
    );
  }
  if (status >= 400 && status < 500) {
    return new GatewayError(502, `The payment gateway refused the request${detail}`, true, code, status);
  }
  return new GatewayError(
    502,
    'The payment gateway is not answering. Please try again.',
    false,
    code,
    status,
  );
}
