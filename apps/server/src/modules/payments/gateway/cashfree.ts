import { z } from 'zod';
import { rupeesFromPaise } from '@cutroom/contracts';
import {
  CashfreeHttp,
  cfId,
  idempotencyKey,
  isNotFound,
  rupeesAsPaise,
  type CashfreeOptions,
} from './cashfree-http';
import { CashfreeEasySplit } from './cashfree-split';
import type {
  EasySplitGateway,
  GatewayAdjustmentInput,
  GatewayOrderSplit,
  GatewayReleaseInput,
  GatewaySplitInput,
  GatewayTransferInput,
  GatewayVendor,
  GatewayVendorBalance,
  GatewayVendorDocument,
  GatewayVendorDocumentInput,
  GatewayVendorInput,
} from './split-types';
import {
  GatewayError,
  type CreateGatewayOrder,
  type CreateGatewayRefund,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayRefund,
  type PaymentGateway,
} from './types';

export { CASHFREE_API_VERSION, CASHFREE_BASE_URLS, type CashfreeOptions } from './cashfree-http';

const orderEntity = z.object({
  order_id: z.string(),
  cf_order_id: cfId,
  payment_session_id: z.string().nullish(),
  order_status: z.string(),
  order_amount: rupeesAsPaise,
});

const paymentEntity = z.object({
  order_id: z.string().nullish(),
  cf_payment_id: cfId,
  payment_status: z.string(),
  payment_amount: rupeesAsPaise,
  payment_time: z.string().nullish(),
});

const refundEntity = z.object({
  order_id: z.string(),
  refund_id: z.string(),
  cf_refund_id: cfId.nullish(),
  refund_amount: rupeesAsPaise,
  refund_status: z.string(),
});

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/**
 * A time as Cashfree's spec writes it: ISO 8601, whole seconds, with an offset (2021-07-02T10:20:12+05:30).
 * Written in India's time, Cashfree's own; milliseconds are dropped (rounded down: never later than asked).
 */
export function cashfreeTime(at: Date): string {
  const ist = new Date(Math.floor(at.getTime() / 1000) * 1000 + IST_OFFSET_MS);
  return `${ist.toISOString().slice(0, 19)}+05:30`;
}

/** Cashfree Payment Gateway REST API, version 2025-01-01: orders, payments, refunds, and Easy Split. */
export class CashfreeGateway implements PaymentGateway, EasySplitGateway {
  readonly provider = 'cashfree' as const;
  readonly mode: 'sandbox' | 'production';
  readonly split: CashfreeEasySplit;
  private readonly http: CashfreeHttp;
  private readonly baseUrl: string;

  constructor(opts: CashfreeOptions) {
    this.mode = opts.mode;
    this.http = new CashfreeHttp(opts);
    this.baseUrl = this.http.baseUrl;
    this.split = new CashfreeEasySplit(this.http);
  }

  async createOrder(input: CreateGatewayOrder): Promise<GatewayOrder> {
    const body = {
      order_id: input.orderId,
      order_amount: rupeesFromPaise(input.amountPaise),
      order_currency: 'INR',
      customer_details: { customer_id: input.customerId, customer_phone: input.customerPhone },
      order_meta: {
        return_url: input.returnUrl,
        ...(input.notifyUrl ? { notify_url: input.notifyUrl } : {}),
      },
      order_expiry_time: cashfreeTime(input.expiresAt),
      ...(input.note ? { order_note: input.note.slice(0, 200) } : {}),
    };
    const data = await this.http.call('POST', '/orders', {
      body,
      idempotencyKey: idempotencyKey(`order:${input.orderId}`),
    });
    const order = this.http.parse(orderEntity, data);
    if (!order.payment_session_id) {
      throw new GatewayError(502, 'The payment gateway did not return a payment session', true);
    }
    return toOrder(order);
  }

  async getOrder(orderId: string): Promise<GatewayOrder | null> {
    const data = await this.http.call('GET', `/orders/${encodeURIComponent(orderId)}`, {
      absentWhen: isNotFound,
    });
    return data === null ? null : toOrder(this.http.parse(orderEntity, data));
  }

  async terminateOrder(orderId: string): Promise<GatewayOrder | null> {
    const data = await this.http.call('PATCH', `/orders/${encodeURIComponent(orderId)}`, {
      body: { order_status: 'TERMINATED' },
      idempotencyKey: idempotencyKey(`terminate:${orderId}`),
      absentWhen: isNotFound,
    });
    return data === null ? null : toOrder(this.http.parse(orderEntity, data));
  }

  async getPayments(orderId: string): Promise<GatewayPayment[]> {
    const data = await this.http.call('GET', `/orders/${encodeURIComponent(orderId)}/payments`, {
      absentWhen: isNotFound,
    });
    if (data === null) return [];
    return this.http.parse(z.array(paymentEntity), data).map((p) => ({
      orderId: p.order_id ?? orderId,
      cfPaymentId: p.cf_payment_id,
      status: p.payment_status,
      amountPaise: p.payment_amount,
      time: p.payment_time ?? undefined,
    }));
  }

  async createRefund(input: CreateGatewayRefund): Promise<GatewayRefund> {
    const splits = input.splits ?? [];
    const body = {
      refund_amount: rupeesFromPaise(input.amountPaise),
      refund_id: input.refundId,
      refund_note: input.note,
      ...(splits.length > 0
        ? {
            refund_splits: splits.map((s) => ({
              vendor_id: s.vendorId,
              amount: rupeesFromPaise(s.amountPaise),
            })),
          }
        : {}),
    };
    const data = await this.http.call('POST', `/orders/${encodeURIComponent(input.orderId)}/refunds`, {
      body,
      idempotencyKey: idempotencyKey(`refund:${input.refundId}`),
    });
    return toRefund(this.http.parse(refundEntity, data));
  }

  async getRefund(orderId: string, refundId: string): Promise<GatewayRefund | null> {
    const data = await this.http.call(
      'GET',
      `/orders/${encodeURIComponent(orderId)}/refunds/${encodeURIComponent(refundId)}`,
      { absentWhen: isNotFound },
    );
    return data === null ? null : toRefund(this.http.parse(refundEntity, data));
  }

  async getRefunds(orderId: string): Promise<GatewayRefund[]> {
    const data = await this.http.call('GET', `/orders/${encodeURIComponent(orderId)}/refunds`, {
      absentWhen: isNotFound,
    });
    return data === null ? [] : this.http.parse(z.array(refundEntity), data).map(toRefund);
  }

  createVendor(input: GatewayVendorInput): Promise<GatewayVendor> {
    return this.split.createVendor(input);
  }
  updateVendor(input: GatewayVendorInput): Promise<GatewayVendor> {
    return this.split.updateVendor(input);
  }
  getVendor(vendorId: string): Promise<GatewayVendor | null> {
    return this.split.getVendor(vendorId);
  }
  getVendorBalance(vendorId: string): Promise<GatewayVendorBalance> {
    return this.split.getVendorBalance(vendorId);
  }
  uploadVendorDocument(input: GatewayVendorDocumentInput): Promise<GatewayVendorDocument> {
    return this.split.uploadVendorDocument(input);
  }
  splitOrder(input: GatewaySplitInput): Promise<void> {
    return this.split.splitOrder(input);
  }
  getOrderSplit(orderId: string): Promise<GatewayOrderSplit | null> {
    return this.split.getOrderSplit(orderId);
  }
  createAdjustment(input: GatewayAdjustmentInput): Promise<void> {
    return this.split.createAdjustment(input);
  }
  requestTransfer(input: GatewayTransferInput): Promise<{ settlementId: string | null }> {
    return this.split.requestTransfer(input);
  }
  releaseOrderShare(input: GatewayReleaseInput): Promise<void> {
    return this.split.releaseOrderShare(input);
  }
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
