import type { GatewayOrder, GatewayRefund } from './types';

// The simulator's memory of orders, payments and refunds, and how it reads them out in the gateway
// interface's terms: shared by the gateway, its webhook bodies and the checkout page.

export type SimulatedOutcome = 'SUCCESS' | 'FAILED' | 'USER_DROPPED';

export interface SimPayment {
  cfPaymentId: string;
  status: SimulatedOutcome;
  amountPaise: number;
  time: string;
  message: string;
}

export interface SimRefund {
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
  /** TERMINATED: closed by us (terminateOrder); its checkout refuses any further attempt. */
  status: 'ACTIVE' | 'PAID' | 'EXPIRED' | 'TERMINATED';
  expiresAt: Date;
  returnUrl: string;
  customerId: string;
  customerPhone: string;
  note: string;
  payments: SimPayment[];
  refunds: SimRefund[];
}

export function toGatewayOrder(o: SimOrder): GatewayOrder {
  return {
    orderId: o.orderId,
    cfOrderId: o.cfOrderId,
    paymentSessionId: o.paymentSessionId,
    status: o.status,
    amountPaise: o.amountPaise,
  };
}

export function toGatewayRefund(o: SimOrder, r: SimRefund): GatewayRefund {
  return {
    orderId: o.orderId,
    refundId: r.refundId,
    cfRefundId: r.cfRefundId,
    amountPaise: r.amountPaise,
    status: r.status,
  };
}

/** What the gateway may refund of an order: what its successful payments captured (a second one too). */
export function refundablePaise(o: SimOrder): number {
  return o.payments.filter((p) => p.status === 'SUCCESS').reduce((sum, p) => sum + p.amountPaise, 0);
}

/** One attempt as the checkout records it, with Cashfree's kind of payment_message. */
export function simPayment(outcome: SimulatedOutcome, amountPaise: number, cfPaymentId: string): SimPayment {
  const message =
    outcome === 'SUCCESS'
      ? '00::Transaction success'
      : outcome === 'FAILED'
        ? 'Payment declined by the simulated bank'
        : 'Payer left the checkout';
  return { cfPaymentId, status: outcome, amountPaise, time: new Date().toISOString(), message };
}

export interface SplitFacts {
  /** When the order's successful attempt was made; null while unpaid. */
  paidAt: Date | null;
  /** Whether the order has any refund (Easy Split takes no split after one). */
  refunded: boolean;
}

export function splitFactsOf(o: SimOrder): SplitFacts {
  const paid = o.payments.find((p) => p.status === 'SUCCESS');
  return { paidAt: paid ? new Date(paid.time) : null, refunded: o.refunds.length > 0 };
}
