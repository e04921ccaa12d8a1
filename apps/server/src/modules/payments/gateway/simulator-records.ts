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
  status: 'ACTIVE' | 'PAID' | 'EXPIRED';
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
