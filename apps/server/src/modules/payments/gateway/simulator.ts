import { randomBytes, randomInt, randomUUID } from 'node:crypto';
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
import {
  toGatewayOrder,
  refundablePaise,
  simPayment,
  splitFactsOf,
  toGatewayRefund,
  type SimOrder,
  type SimRefund,
  type SimulatedOutcome,
  type SplitFacts,
} from './simulator-records';
import { paymentWebhookPayload, refundWebhookPayload } from './simulator-webhooks';
import { SimulatorDisputes } from './simulator-disputes';

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
  /** The order is PAID already and the payer pays it again: a second successful attempt on one order. */
  duplicate?: boolean;
  /** The attempt's cf_payment_id (a test matching a webhook it signs itself); random otherwise. */
  cfPaymentId?: string;
}

/** Sends one signed webhook to our own endpoint; resolves with the HTTP status it got. */
export type WebhookDelivery = (rawBody: string, headers: Record<string, string>) => Promise<number>;

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
  /** Disputes of paid orders, raised and closed by tests (`simulatorFor(app).disputes.raise(orderId)`). */
  readonly disputes = new SimulatorDisputes(
    (payload, keys) => this.send(payload, keys),
    (orderId) => this.orders.get(orderId),
  );

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

  async terminateOrder(orderId: string): Promise<GatewayOrder | null> {
    const order = this.orders.get(orderId);
    if (!order) return null;
    const { status } = this.refreshExpiry(order);
    if (status === 'ACTIVE') order.status = 'TERMINATED';
    else if (status !== 'TERMINATED') {
      throw refuse(`order is ${status === 'PAID' ? 'already paid' : 'expired'}`, 'order_terminate_failed');
    }
    return toGatewayOrder(order);
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
    if (input.amountPaise <= 0 || refunded + input.amountPaise > refundablePaise(order)) {
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

  async getRefunds(orderId: string): Promise<GatewayRefund[]> {
    const order = this.orders.get(orderId);
    return (order?.refunds ?? []).map((r) => toGatewayRefund(order!, r));
  }

  /** What a split may take of a gateway order: its amount once PAID; null when the simulator forgot it. */
  paidPaise(orderId: string): number | null | 'unpaid' {
    const order = this.orders.get(orderId);
    return !order ? null : order.status === 'PAID' ? order.amountPaise : 'unpaid';
  }

  /** What Easy Split checks before a split (simulator-records.ts); null when the order is unknown. */
  splitFacts(orderId: string): SplitFacts | null {
    return this.orders.has(orderId) ? splitFactsOf(this.orders.get(orderId)!) : null;
  }

  /** Signs and delivers a webhook of another kind (Easy Split's settlements) the way payments' are. */
  sendWebhook(payload: unknown, amountKeys: string[]): Promise<void> {
    return this.send(payload, amountKeys);
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
    if (order.status === 'TERMINATED') throw new GatewayError(410, 'This checkout session was closed', true);
    if (order.status === 'PAID' && !variation.duplicate) return order.returnUrl;
    const payment = simPayment(
      outcome,
      variation.paymentAmountPaise ?? order.amountPaise,
      variation.cfPaymentId ?? String(randomInt(1_000_000_000, 9_999_999_999)),
    );
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
