import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { rupeesFromPaise } from '@cutroom/contracts';
import { serialiseWebhookBody, signWebhook, WEBHOOK_VERSION } from '../webhook-format';
import {
  GatewayError,
  type CreateGatewayOrder,
  type CreateGatewayRefund,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayRefund,
  type PaymentGateway,
} from './types';
import type { RefundVendorSplit } from './split-types';

export type SimulatedOutcome = 'SUCCESS' | 'FAILED' | 'USER_DROPPED';

/** Variations a real gateway produces, so tests (and a developer) can reproduce them. */
export interface CheckoutVariation {
  /**
   * What the payer is charged (payment_amount). Cashfree's differs from the order_amount with offers
   * (less) or payer-paid surcharges (more); the order amount stays the one we created.
   */
  paymentAmountPaise?: number;
  /** The attempt completes even though the order has expired (an attempt started before the expiry). */
  late?: boolean;
  /** false: the webhook is lost (never delivered), so only reconciliation can find the payment. */
  webhook?: boolean;
}

/** Sends one signed webhook to our own endpoint; resolves with the HTTP status it got. */
export type WebhookDelivery = (rawBody: string, headers: Record<string, string>) => Promise<number>;

interface SimPayment {
  cfPaymentId: string;
  status: SimulatedOutcome;
  amountPaise: number;
  time: string;
  message: string;
}

interface SimRefund {
  refundId: string;
  cfRefundId: string;
  amountPaise: number;
  note: string;
  status: 'PENDING' | 'SUCCESS';
  createdAt: string;
  processedAt: string | null;
}

export interface SimOrder {
  orderId: string;
  cfOrderId: string;
  paymentSessionId: string;
  amountPaise: number;
  status: 'ACTIVE' | 'PAID' | 'EXPIRED';
  expiresAt: Date;
  returnUrl: string;
  customerId: string;
  customerPhone: string;
  note: string;
  payments: SimPayment[];
  refunds: SimRefund[];
}

export interface SimulatorOptions {
  secret: string;
  deliver: WebhookDelivery;
  /** How long a refund stays PENDING before the gateway settles it (and says so by webhook). */
  refundSettleMs?: number;
  onDeliveryError?: (err: unknown) => void;
  /** Easy Split's side of a refund that carries refund_splits (the vendor balances live there). */
  takeRefundSplits?: (orderId: string, refundId: string, splits: RefundVendorSplit[]) => Promise<void>;
}

const ORDER_ID = /^[A-Za-z0-9_-]{3,45}$/;
const REFUND_ID = /^[A-Za-z0-9_-]{3,40}$/;
/** The simulator keeps orders in memory; the oldest are forgotten past this many. */
const MAX_ORDERS = 10_000;

const refuse = (message: string, code: string) => new GatewayError(502, message, true, code, 400);

/**
 * A stand-in for Cashfree that never leaves the machine: the same order, payment and refund rules and
 * answers, a checkout page of our own (see ../simulator), and webhooks in Cashfree's exact format and
 * signature sent to our own webhook endpoint.
 */
export class SimulatorGateway implements PaymentGateway {
  readonly provider = 'simulator' as const;
  readonly mode = 'sandbox' as const;
  private readonly orders = new Map<string, SimOrder>();
  private readonly bySession = new Map<string, string>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly opts: SimulatorOptions) {}

  async createOrder(input: CreateGatewayOrder): Promise<GatewayOrder> {
    if (!ORDER_ID.test(input.orderId)) throw refuse('order_id : invalid value', 'order_id_invalid');
    if (!/^[A-Za-z0-9]+$/.test(input.customerId)) {
      throw refuse('customer_details.customer_id : invalid value', 'customer_id_invalid');
    }
    if (!/^\d{10}$/.test(input.customerPhone)) {
      throw refuse('customer_details.customer_phone : invalid value', 'customer_phone_invalid');
    }
    if (!Number.isInteger(input.amountPaise) || input.amountPaise < 100) {
      throw refuse('order_amount : invalid value', 'order_amount_invalid');
    }
    if (this.orders.has(input.orderId)) {
      throw new GatewayError(
        409,
        'An order with this id already exists at the payment gateway',
        true,
        'order_already_exists',
        409,
      );
    }
    const order: SimOrder = {
      orderId: input.orderId,
      cfOrderId: String(randomInt(1_000_000_000, 9_999_999_999)),
      paymentSessionId: `session_${randomBytes(36).toString('base64url')}`,
      amountPaise: input.amountPaise,
      status: 'ACTIVE',
      expiresAt: input.expiresAt,
      returnUrl: input.returnUrl.replace('{order_id}', encodeURIComponent(input.orderId)),
      customerId: input.customerId,
      customerPhone: input.customerPhone,
      note: input.note ?? '',
      payments: [],
      refunds: [],
    };
    this.orders.set(order.orderId, order);
    this.bySession.set(order.paymentSessionId, order.orderId);
    this.forgetOldest();
    return toGatewayOrder(order);
  }

  async getOrder(orderId: string): Promise<GatewayOrder | null> {
    const order = this.orders.get(orderId);
    return order ? toGatewayOrder(this.refreshExpiry(order)) : null;
  }

  async getPayments(orderId: string): Promise<GatewayPayment[]> {
    const order = this.orders.get(orderId);
    if (!order) return [];
    return order.payments.map((p) => ({
      orderId,
      cfPaymentId: p.cfPaymentId,
      status: p.status,
      amountPaise: p.amountPaise,
      time: p.time,
    }));
  }

  async createRefund(input: CreateGatewayRefund): Promise<GatewayRefund> {
    const order = this.orders.get(input.orderId);
    if (!order) throw new GatewayError(404, 'order not found', true, 'order_not_found', 404);
    if (!REFUND_ID.test(input.refundId)) throw refuse('refund_id : invalid value', 'refund_id_invalid');
    if (input.note.length < 3 || input.note.length > 100) {
      throw refuse('refund_note : invalid value', 'refund_note_invalid');
    }
    const existing = order.refunds.find((r) => r.refundId === input.refundId);
    if (existing) return toGatewayRefund(order, existing);
    if (order.status !== 'PAID') throw refuse('order is not paid', 'refund_invalid_request');
    const refunded = order.refunds.reduce((sum, r) => sum + r.amountPaise, 0);
    if (input.amountPaise <= 0 || refunded + input.amountPaise > order.amountPaise) {
      throw refuse('refund amount is greater than the refundable amount', 'refund_amount_invalid');
    }
    if (input.splits?.length) await this.opts.takeRefundSplits?.(order.orderId, input.refundId, input.splits);
    const refund: SimRefund = {
      refundId: input.refundId,
      cfRefundId: String(randomInt(10_000_000, 99_999_999)),
      amountPaise: input.amountPaise,
      note: input.note,
      status: 'PENDING',
      createdAt: new Date().toISOString(),
      processedAt: null,
    };
    order.refunds.push(refund);
    this.later(this.opts.refundSettleMs ?? 1000, () => this.settleRefund(order, refund));
    return toGatewayRefund(order, refund);
  }

  async getRefund(orderId: string, refundId: string): Promise<GatewayRefund | null> {
    const order = this.orders.get(orderId);
    const refund = order?.refunds.find((r) => r.refundId === refundId);
    return order && refund ? toGatewayRefund(order, refund) : null;
  }

  /** What a split may take of a gateway order: its amount once PAID; null when the simulator forgot it. */
  paidPaise(orderId: string): number | null | 'unpaid' {
    const order = this.orders.get(orderId);
    if (!order) return null;
    return order.status === 'PAID' ? order.amountPaise : 'unpaid';
  }

  /** Signs and delivers a webhook of another kind (Easy Split's settlements) the way payments' are. */
  async sendWebhook(payload: unknown, amountKeys: string[]): Promise<void> {
    await this.send(payload, amountKeys);
  }

  /** The checkout page's view of a session; null when unknown. */
  checkoutSession(paymentSessionId: string): SimOrder | null {
    const orderId = this.bySession.get(paymentSessionId);
    const order = orderId ? this.orders.get(orderId) : undefined;
    return order ? this.refreshExpiry(order) : null;
  }

  /**
   * The payer chose an outcome on the checkout page: record the attempt as Cashfree would, tell our
   * server by a signed webhook, and give back where the browser returns to.
   */
  async completeCheckout(
    paymentSessionId: string,
    outcome: SimulatedOutcome,
    variation: CheckoutVariation = {},
  ): Promise<string> {
    const order = this.checkoutSession(paymentSessionId);
    if (!order) throw new GatewayError(404, 'This checkout session does not exist', true);
    if (order.status === 'EXPIRED' && !variation.late) {
      throw new GatewayError(410, 'This checkout session has expired', true);
    }
    if (order.status === 'PAID') return order.returnUrl;
    const payment: SimPayment = {
      cfPaymentId: String(randomInt(1_000_000_000, 9_999_999_999)),
      status: outcome,
      amountPaise: variation.paymentAmountPaise ?? order.amountPaise,
      time: new Date().toISOString(),
      message:
        outcome === 'SUCCESS'
          ? '00::Transaction success'
          : outcome === 'FAILED'
            ? 'Payment declined by the simulated bank'
            : 'Payer left the checkout',
    };
    order.payments.push(payment);
    if (outcome === 'SUCCESS') order.status = 'PAID';
    if (variation.webhook !== false) {
      await this.send(paymentWebhookPayload(order, payment), ['order_amount', 'payment_amount']);
    }
    return order.returnUrl;
  }

  close(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private async settleRefund(order: SimOrder, refund: SimRefund): Promise<void> {
    refund.status = 'SUCCESS';
    refund.processedAt = new Date().toISOString();
    await this.send(refundWebhookPayload(order, refund), ['refund_amount']);
  }

  /** Signs and delivers one webhook, retrying twice like a gateway would; failures are reported, not thrown. */
  private async send(payload: unknown, amountKeys: string[]): Promise<void> {
    const body = serialiseWebhookBody(payload, amountKeys);
    for (let attempt = 1; attempt <= 3; attempt++) {
      const timestamp = String(Date.now());
      const headers = {
        'content-type': 'application/json',
        'x-webhook-signature': signWebhook(this.opts.secret, timestamp, body),
        'x-webhook-timestamp': timestamp,
        'x-webhook-version': WEBHOOK_VERSION,
        'x-webhook-attempt': String(attempt),
        'x-idempotency-key': randomUUID(),
      };
      try {
        const status = await this.opts.deliver(body, headers);
        if (status >= 200 && status < 300) return;
        this.opts.onDeliveryError?.(new Error(`webhook answered ${status}`));
      } catch (err) {
        this.opts.onDeliveryError?.(err);
      }
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  }

  private later(ms: number, fn: () => Promise<void>): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn().catch((err) => this.opts.onDeliveryError?.(err));
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  private refreshExpiry(order: SimOrder): SimOrder {
    if (order.status === 'ACTIVE' && order.expiresAt.getTime() <= Date.now()) order.status = 'EXPIRED';
    return order;
  }

  private forgetOldest(): void {
    while (this.orders.size > MAX_ORDERS) {
      const [oldest] = this.orders.values();
      if (!oldest) return;
      this.orders.delete(oldest.orderId);
      this.bySession.delete(oldest.paymentSessionId);
    }
  }
}

function toGatewayOrder(o: SimOrder): GatewayOrder {
  return {
    orderId: o.orderId,
    cfOrderId: o.cfOrderId,
    paymentSessionId: o.paymentSessionId,
    status: o.status,
    amountPaise: o.amountPaise,
  };
}

function toGatewayRefund(o: SimOrder, r: SimRefund): GatewayRefund {
  return {
    orderId: o.orderId,
    refundId: r.refundId,
    cfRefundId: r.cfRefundId,
    amountPaise: r.amountPaise,
    status: r.status,
  };
}

const WEBHOOK_TYPE: Record<SimulatedOutcome, string> = {
  SUCCESS: 'PAYMENT_SUCCESS_WEBHOOK',
  FAILED: 'PAYMENT_FAILED_WEBHOOK',
  USER_DROPPED: 'PAYMENT_USER_DROPPED_WEBHOOK',
};

/** The body Cashfree sends for a payment attempt (webhook version 2025-01-01). */
function paymentWebhookPayload(order: SimOrder, p: SimPayment) {
  return {
    data: {
      order: {
        order_id: order.orderId,
        order_amount: rupeesFromPaise(order.amountPaise),
        order_currency: 'INR',
        order_tags: null,
      },
      payment: {
        cf_payment_id: p.cfPaymentId,
        payment_status: p.status,
        payment_amount: rupeesFromPaise(p.amountPaise),
        payment_currency: 'INR',
        payment_message: p.message,
        payment_time: p.time,
        bank_reference: p.status === 'SUCCESS' ? String(randomInt(100_000_000, 999_999_999)) : null,
        auth_id: null,
        payment_method: { upi: { channel: 'collect', upi_id: 'simulator@upi' } },
        payment_group: 'upi',
        international_payment: { international: false },
        payment_surcharge: null,
      },
      customer_details: {
        customer_name: null,
        customer_id: order.customerId,
        customer_email: null,
        customer_phone: order.customerPhone,
      },
      payment_gateway_details: {
        gateway_name: 'CASHFREE',
        gateway_order_id: order.cfOrderId,
        gateway_payment_id: p.cfPaymentId,
        gateway_order_reference_id: null,
        gateway_settlement: 'CASHFREE',
        gateway_status_code: null,
      },
      payment_offers: null,
      ...(p.status === 'SUCCESS'
        ? {}
        : {
            error_details: {
              error_code: p.status === 'FAILED' ? 'TRANSACTION_DECLINED' : 'USER_DROPPED',
              error_description: p.message,
              error_reason: p.status === 'FAILED' ? 'payment_declined' : 'user_dropped',
              error_source: p.status === 'FAILED' ? 'bank' : 'customer',
              error_code_raw: null,
              error_description_raw: null,
              error_subcode_raw: null,
            },
          }),
    },
    event_time: new Date().toISOString(),
    type: WEBHOOK_TYPE[p.status],
  };
}

/** The body Cashfree sends when a refund settles (webhook version 2025-01-01). */
function refundWebhookPayload(order: SimOrder, r: SimRefund) {
  return {
    data: {
      refund: {
        cf_refund_id: Number(r.cfRefundId),
        cf_payment_id: Number(order.payments.find((p) => p.status === 'SUCCESS')?.cfPaymentId ?? 0),
        refund_id: r.refundId,
        order_id: order.orderId,
        refund_amount: rupeesFromPaise(r.amountPaise),
        refund_currency: 'INR',
        entity: 'Refund',
        refund_type: 'MERCHANT_INITIATED',
        refund_arn: String(randomInt(100_000_000, 999_999_999)),
        refund_status: r.status,
        status_description: 'Refund processed successfully',
        created_at: r.createdAt,
        processed_at: r.processedAt,
        refund_note: r.note,
        refund_splits: [],
        metadata: null,
        requested_speed: 'STANDARD',
        processed_speed: 'STANDARD',
        service_charge: 0,
        service_tax: 0,
        forex_conversion_handling_charge: null,
        forex_conversion_handling_tax: null,
        forex_conversion_rate: null,
        charges_currency: null,
      },
    },
    event_time: new Date().toISOString(),
    type: 'REFUND_STATUS_WEBHOOK',
  };
}
