import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  GatewayError,
  type CreateGatewayOrder,
  type CreateGatewayRefund,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayRefund,
  type PaymentGateway,
} from './types';

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

// Cashfree returns amounts as JSON numbers in rupees; ids sometimes as numbers, sometimes as strings.
const id = z.union([z.string(), z.number()]).transform(String);
const rupees = z.number().transform((v) => Math.round(v * 100));

const orderEntity = z.object({
  order_id: z.string(),
  cf_order_id: id,
  payment_session_id: z.string().nullish(),
  order_status: z.string(),
  order_amount: rupees,
});

const paymentEntity = z.object({
  order_id: z.string().nullish(),
  cf_payment_id: id,
  payment_status: z.string(),
  payment_amount: rupees,
  payment_time: z.string().nullish(),
});

const refundEntity = z.object({
  order_id: z.string(),
  refund_id: z.string(),
  cf_refund_id: id.nullish(),
  refund_amount: rupees,
  refund_status: z.string(),
});

const errorBody = z
  .object({ message: z.string().optional(), code: z.string().optional(), type: z.string().optional() })
  .partial();

/** A stable UUID for one logical create, so a retried call cannot create the same thing twice. */
function idempotencyKey(scope: string): string {
  const h = createHash('sha256').update(scope).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const toRupees = (paise: number) => paise / 100;

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/**
 * A time as Cashfree's spec writes it: ISO 8601, whole seconds, with an offset (2021-07-02T10:20:12+05:30).
 * Written in India's time, Cashfree's own; milliseconds are dropped (rounded down: never later than asked).
 */
export function cashfreeTime(at: Date): string {
  const ist = new Date(Math.floor(at.getTime() / 1000) * 1000 + IST_OFFSET_MS);
  return `${ist.toISOString().slice(0, 19)}+05:30`;
}

/** Cashfree Payment Gateway REST API, version 2025-01-01. */
export class CashfreeGateway implements PaymentGateway {
  readonly provider = 'cashfree' as const;
  readonly mode: 'sandbox' | 'production';
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly opts: CashfreeOptions) {
    this.mode = opts.mode;
    this.baseUrl = (opts.baseUrl ?? CASHFREE_BASE_URLS[opts.mode]).replace(/\/$/, '');
    this.timeoutMs = opts.timeoutMs ?? 15_000;
  }

  async createOrder(input: CreateGatewayOrder): Promise<GatewayOrder> {
    const body = {
      order_id: input.orderId,
      order_amount: toRupees(input.amountPaise),
      order_currency: 'INR',
      customer_details: { customer_id: input.customerId, customer_phone: input.customerPhone },
      order_meta: {
        return_url: input.returnUrl,
        ...(input.notifyUrl ? { notify_url: input.notifyUrl } : {}),
      },
      order_expiry_time: cashfreeTime(input.expiresAt),
      ...(input.note ? { order_note: input.note.slice(0, 200) } : {}),
    };
    const data = await this.call('POST', '/orders', body, idempotencyKey(`order:${input.orderId}`));
    const order = this.parse(orderEntity, data);
    if (!order.payment_session_id) {
      throw new GatewayError(502, 'The payment gateway did not return a payment session', true);
    }
    return toOrder(order);
  }

  async getOrder(orderId: string): Promise<GatewayOrder | null> {
    const data = await this.call('GET', `/orders/${encodeURIComponent(orderId)}`, undefined, undefined, true);
    return data === null ? null : toOrder(this.parse(orderEntity, data));
  }

  async getPayments(orderId: string): Promise<GatewayPayment[]> {
    const data = await this.call(
      'GET',
      `/orders/${encodeURIComponent(orderId)}/payments`,
      undefined,
      undefined,
      true,
    );
    if (data === null) return [];
    return this.parse(z.array(paymentEntity), data).map((p) => ({
      orderId: p.order_id ?? orderId,
      cfPaymentId: p.cf_payment_id,
      status: p.payment_status,
      amountPaise: p.payment_amount,
      time: p.payment_time ?? undefined,
    }));
  }

  async createRefund(input: CreateGatewayRefund): Promise<GatewayRefund> {
    const body = {
      refund_amount: toRupees(input.amountPaise),
      refund_id: input.refundId,
      refund_note: input.note,
    };
    const data = await this.call(
      'POST',
      `/orders/${encodeURIComponent(input.orderId)}/refunds`,
      body,
      idempotencyKey(`refund:${input.refundId}`),
    );
    return toRefund(this.parse(refundEntity, data));
  }

  async getRefund(orderId: string, refundId: string): Promise<GatewayRefund | null> {
    const data = await this.call(
      'GET',
      `/orders/${encodeURIComponent(orderId)}/refunds/${encodeURIComponent(refundId)}`,
      undefined,
      undefined,
      true,
    );
    return data === null ? null : toRefund(this.parse(refundEntity, data));
  }

  private parse<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      throw new GatewayError(502, 'The payment gateway sent a reply we could not read', false);
    }
    return parsed.data;
  }

  /** One API call; maps Cashfree's errors to readable ones. `nullOn404` turns "not found" into null. */
  private async call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    idempotency?: string,
    nullOn404 = false,
  ): Promise<unknown> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-api-version': CASHFREE_API_VERSION,
      'x-client-id': this.opts.clientId,
      'x-client-secret': this.opts.clientSecret,
      'x-request-id': randomUUID(),
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotency) headers['x-idempotency-key'] = idempotency;
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
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
    if (res.status === 404 && nullOn404) return null;
    const err = errorBody.safeParse(json);
    const code = err.success ? err.data.code : undefined;
    const message = err.success ? err.data.message : undefined;
    throw mapError(res.status, code, message);
  }
}

function mapError(status: number, code: string | undefined, message: string | undefined): GatewayError {
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
    return new GatewayError(404, `The payment gateway does not know this order${detail}`, true, code, status);
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

function toOrder(o: z.output<typeof orderEntity>): GatewayOrder {
  return {
    orderId: o.order_id,
    cfOrderId: o.cf_order_id,
    paymentSessionId: o.payment_session_id ?? '',
    status: o.order_status,
    amountPaise: o.order_amount,
  };
}

function toRefund(r: z.output<typeof refundEntity>): GatewayRefund {
  return {
    orderId: r.order_id,
    refundId: r.refund_id,
    cfRefundId: r.cf_refund_id ?? null,
    amountPaise: r.refund_amount,
    status: r.refund_status,
  };
}
