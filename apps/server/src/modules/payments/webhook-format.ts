import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { paiseFromRupees } from '@cutroom/contracts';
import type { GatewaySettlement } from './gateway/split-types';
import { DISPUTE_WEBHOOK_TYPES, parseDisputeWebhook, type GatewayDisputeNotice } from './webhook-dispute';

/**
 * Cashfree webhooks (version 2025-01-01): signature = Base64(HMAC-SHA256(secret, x-webhook-timestamp +
 * raw body)), always computed on the exact bytes received, never on re-serialised JSON.
 */
export const WEBHOOK_VERSION = '2025-01-01';
/**
 * Events signed longer ago (or further ahead) than this are refused. Cashfree retries an unanswered
 * webhook for well over half an hour, possibly with its first timestamp, and applying an event is
 * idempotent (each is recorded once, SUCCESS is final, no state goes back), so the window is wide: it
 * only stops a captured body from being replayed days later.
 */
export const WEBHOOK_TOLERANCE_MS = 24 * 60 * 60 * 1000;

export const PAYMENT_WEBHOOK_TYPES = {
  PAYMENT_SUCCESS_WEBHOOK: 'SUCCESS',
  PAYMENT_FAILED_WEBHOOK: 'FAILED',
  PAYMENT_USER_DROPPED_WEBHOOK: 'USER_DROPPED',
} as const;
export const REFUND_WEBHOOK_TYPE = 'REFUND_STATUS_WEBHOOK';

export function signWebhook(secret: string, timestamp: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(timestamp).update(rawBody).digest('base64');
}

export type SignatureCheck = 'ok' | 'missing' | 'bad-signature' | 'stale';

export function checkWebhookSignature(opts: {
  secret: string;
  rawBody: Buffer;
  timestamp: string | undefined;
  signature: string | undefined;
  now?: number;
}): SignatureCheck {
  const { timestamp, signature } = opts;
  if (!timestamp || !signature) return 'missing';
  const expected = Buffer.from(signWebhook(opts.secret, timestamp, opts.rawBody));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'bad-signature';
  // Cashfree sends milliseconds since the epoch; a signed but old (or future) event is a replay.
  if (!/^\d{10,16}$/.test(timestamp)) return 'stale';
  const ms = timestamp.length <= 10 ? Number(timestamp) * 1000 : Number(timestamp);
  if (Math.abs((opts.now ?? Date.now()) - ms) > WEBHOOK_TOLERANCE_MS) return 'stale';
  return 'ok';
}

/** What the service learns from a gateway, whether from a webhook or from asking it (reconciliation). */
export type GatewayEvent =
  | {
      kind: 'payment';
      orderId: string;
      cfPaymentId: string;
      outcome: 'SUCCESS' | 'FAILED' | 'USER_DROPPED';
      /**
       * The order's amount as the gateway holds it (order_amount): what decides that the order is ours
       * and paid in full. Cashfree documents that the payer's payment_amount differs with offers and
       * payer-paid surcharges (its own success sample: order_amount 2, payment_amount 1).
       */
      orderAmountPaise: number;
      /** What the payer was charged (payment_amount); kept for the record, never decides anything. */
      paymentAmountPaise: number;
    }
  | {
      kind: 'refund';
      orderId: string;
      refundId: string;
      cfRefundId: string | null;
      status: 'PENDING' | 'SUCCESS' | 'CANCELLED' | 'ONHOLD';
      amountPaise: number;
    }
  | ({ kind: 'vendor_settlement'; orderId: null } & GatewaySettlement)
  | {
      /** Easy Split's VENDOR_STATUS_UPDATE: a vendor's status changed at the gateway. */
      kind: 'vendor_status';
      orderId: null;
      vendorId: string;
      status: string;
      pastStatus: string | null;
      /** The KYC documents the gateway has not verified (document_status), e.g. "PAN: DUE_CURRENTLY". */
      reason: string | null;
    }
  /** A DISPUTE_* webhook: a dispute or chargeback on a payment moved (webhook-dispute.ts). */
  | ({ kind: 'dispute' } & GatewayDisputeNotice);

const id = z.union([z.string().min(1), z.number()]).transform(String);
const paise = z.number().transform((v) => paiseFromRupees(v));

const paymentWebhook = z.object({
  type: z.enum(['PAYMENT_SUCCESS_WEBHOOK', 'PAYMENT_FAILED_WEBHOOK', 'PAYMENT_USER_DROPPED_WEBHOOK']),
  data: z.object({
    order: z.object({ order_id: z.string().min(1), order_amount: paise }),
    payment: z.object({ cf_payment_id: id, payment_status: z.string(), payment_amount: paise }),
  }),
});

const refundWebhook = z.object({
  type: z.literal(REFUND_WEBHOOK_TYPE),
  data: z.object({
    refund: z.object({
      cf_refund_id: id.nullish(),
      refund_id: z.string().min(1),
      order_id: z.string().min(1),
      refund_amount: paise,
      refund_status: z.string(),
    }),
  }),
});

/** Easy Split's vendor settlement webhooks (CREATED is an older name of INITIATED). */
export const VENDOR_SETTLEMENT_WEBHOOK_TYPES = {
  VENDOR_SETTLEMENT_INITIATED: 'INITIATED',
  VENDOR_SETTLEMENT_CREATED: 'INITIATED',
  VENDOR_SETTLEMENT_SUCCESS: 'SUCCESS',
  VENDOR_SETTLEMENT_FAILED: 'FAILED',
  VENDOR_SETTLEMENT_REVERSED: 'REVERSED',
} as const;

const vendorSettlementWebhook = z.object({
  data: z.object({
    settlement: z.object({
      settlement_id: id,
      vendor_id: z.union([z.string().min(1), z.number()]).transform(String),
      settlement_amount: paise,
      utr: z.string().nullish(),
      reason: z.string().nullish(),
      settlement_initiated_on: z.string().nullish(),
      settled_on: z.string().nullish(),
    }),
  }),
});

export const VENDOR_STATUS_WEBHOOK_TYPE = 'VENDOR_STATUS_UPDATE';

/** Cashfree's vendor status change webhook (merchant_vendor_id is the vendor_id we gave). */
const vendorStatusWebhook = z.object({
  data: z.object({
    merchant_vendor_id: z.union([z.string().min(1), z.number()]).transform(String),
    updated_status: z.string().min(1),
    past_status: z.string().nullish(),
    document_status: z.record(z.string(), z.unknown()).nullish().catch(null),
  }),
});

/** Cashfree's refund states, folded into ours: a FAILED refund gave nothing back, like CANCELLED. */
export function refundStatusFromGateway(
  status: string,
): 'PENDING' | 'SUCCESS' | 'CANCELLED' | 'ONHOLD' | null {
  switch (status) {
    case 'PENDING':
    case 'SUCCESS':
    case 'CANCELLED':
    case 'ONHOLD':
      return status;
    case 'FAILED':
      return 'CANCELLED';
    default:
      return null;
  }
}

export type ParsedWebhook =
  { ok: true; event: GatewayEvent } | { ok: false; reason: 'unsupported' | 'malformed' };

/** Reads a verified webhook body; events we do not act on are 'unsupported', broken ones 'malformed'. */
export function parseWebhook(rawBody: Buffer): ParsedWebhook {
  let json: unknown;
  const text = rawBody.toString('utf8');
  // No id of ours or the gateway's holds a NUL, and the database cannot store one (a 500 otherwise).
  if (text.includes('\\u0000')) return { ok: false, reason: 'malformed' };
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const type = (json as { type?: unknown } | null)?.type;
  if (typeof type === 'string' && type in PAYMENT_WEBHOOK_TYPES) {
    const p = paymentWebhook.safeParse(json);
    if (!p.success) return { ok: false, reason: 'malformed' };
    const { order, payment } = p.data.data;
    return {
      ok: true,
      event: {
        kind: 'payment',
        orderId: order.order_id,
        cfPaymentId: payment.cf_payment_id,
        outcome: PAYMENT_WEBHOOK_TYPES[p.data.type],
        orderAmountPaise: order.order_amount,
        paymentAmountPaise: payment.payment_amount,
      },
    };
  }
  if (type === REFUND_WEBHOOK_TYPE) {
    const r = refundWebhook.safeParse(json);
    if (!r.success) return { ok: false, reason: 'malformed' };
    const refund = r.data.data.refund;
    const status = refundStatusFromGateway(refund.refund_status);
    if (!status) return { ok: false, reason: 'unsupported' };
    return {
      ok: true,
      event: {
        kind: 'refund',
        orderId: refund.order_id,
        refundId: refund.refund_id,
        cfRefundId: refund.cf_refund_id ?? null,
        status,
        amountPaise: refund.refund_amount,
      },
    };
  }
  if (typeof type === 'string' && type in VENDOR_SETTLEMENT_WEBHOOK_TYPES) {
    const v = vendorSettlementWebhook.safeParse(json);
    if (!v.success) return { ok: false, reason: 'malformed' };
    const st = v.data.data.settlement;
    return {
      ok: true,
      event: {
        kind: 'vendor_settlement',
        orderId: null,
        vendorId: st.vendor_id,
        settlementId: st.settlement_id,
        status: VENDOR_SETTLEMENT_WEBHOOK_TYPES[type as keyof typeof VENDOR_SETTLEMENT_WEBHOOK_TYPES],
        amountPaise: st.settlement_amount,
        utr: st.utr ?? null,
        reason: st.reason ?? null,
        initiatedAt: st.settlement_initiated_on ?? null,
        settledAt: st.settled_on && st.settled_on !== 'null' ? st.settled_on : null,
      },
    };
  }
  if (type === VENDOR_STATUS_WEBHOOK_TYPE) {
    const v = vendorStatusWebhook.safeParse(json);
    if (!v.success) return { ok: false, reason: 'malformed' };
    const d = v.data.data;
    const due = Object.entries(d.document_status ?? {})
      .filter(([, status]) => typeof status === 'string' && status !== 'VERIFIED')
      .map(([doc, status]) => `${doc}: ${String(status)}`);
    return {
      ok: true,
      event: {
        kind: 'vendor_status',
        orderId: null,
        vendorId: d.merchant_vendor_id,
        status: d.updated_status,
        pastStatus: d.past_status ?? null,
        reason: due.length ? due.join('; ') : null,
      },
    };
  }
  if ((DISPUTE_WEBHOOK_TYPES as readonly unknown[]).includes(type)) return disputeEvent(json);
  return { ok: false, reason: 'unsupported' };
}

function disputeEvent(json: unknown): ParsedWebhook {
  const d = parseDisputeWebhook(json);
  return d.ok ? { ok: true, event: { kind: 'dispute', ...d.notice } } : d;
}

/**
 * Serialises a webhook body the way Cashfree does: amounts with two decimals (170.00), which a
 * JSON.parse/JSON.stringify round trip would turn into 170 and so break the signature.
 */
export function serialiseWebhookBody(payload: unknown, amountKeys: readonly string[]): string {
  const keys = new Set(amountKeys);
  const marker = '__cutroom_amount__';
  const json = JSON.stringify(payload, (key, value) =>
    keys.has(key) && typeof value === 'number' ? `${marker}${value.toFixed(2)}` : value,
  );
  return json.replace(new RegExp(`"${marker}(-?\\d+\\.\\d{2})"`, 'g'), '$1');
}
