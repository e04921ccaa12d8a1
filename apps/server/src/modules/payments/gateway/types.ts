import { HttpError } from '../../../lib/http-error';
import type { RefundVendorSplit } from './split-types';

/** Cashfree's payment attempt statuses (PaymentEntity.payment_status). */
export type GatewayPaymentStatus =
  'SUCCESS' | 'FAILED' | 'USER_DROPPED' | 'NOT_ATTEMPTED' | 'PENDING' | 'CANCELLED' | 'VOID';

/** Cashfree's refund statuses (RefundEntity.refund_status). */
export type GatewayRefundStatus = 'PENDING' | 'SUCCESS' | 'CANCELLED' | 'ONHOLD' | 'FAILED';

export interface CreateGatewayOrder {
  /** 3–45 of letters, digits, '_' and '-'. */
  orderId: string;
  amountPaise: number;
  /** Letters and digits only. */
  customerId: string;
  /** 10 digits. */
  customerPhone: string;
  /** May contain Cashfree's `{order_id}` placeholder. */
  returnUrl: string;
  /** Only sent when reachable over https. */
  notifyUrl?: string;
  expiresAt: Date;
  note?: string;
}

export interface GatewayOrder {
  orderId: string;
  cfOrderId: string;
  paymentSessionId: string;
  /** ACTIVE, PAID, EXPIRED, TERMINATED, TERMINATION_REQUESTED. */
  status: string;
  amountPaise: number;
}

export interface GatewayPayment {
  orderId: string;
  cfPaymentId: string;
  status: GatewayPaymentStatus | string;
  amountPaise: number;
  /** When the attempt started; orders attempts for reconciliation. */
  time?: string;
}

export interface CreateGatewayRefund {
  orderId: string;
  /** Our id; letters, digits, '_' and '-'. */
  refundId: string;
  amountPaise: number;
  /** 3–100 characters. */
  note: string;
  /**
   * The editors' shares of this refund, taken back from their Easy Split vendor balances (Cashfree's
   * refund_splits); absent or empty when the refund comes from our own share only.
   */
  splits?: RefundVendorSplit[];
}

export interface GatewayRefund {
  orderId: string;
  refundId: string;
  cfRefundId: string | null;
  amountPaise: number;
  status: GatewayRefundStatus | string;
}

/** The payment provider seen by the service: Cashfree's PG API, or the built-in simulator of it. */
export interface PaymentGateway {
  readonly provider: 'cashfree' | 'simulator';
  readonly mode: 'sandbox' | 'production';
  createOrder(input: CreateGatewayOrder): Promise<GatewayOrder>;
  /** null when the gateway does not know the order. */
  getOrder(orderId: string): Promise<GatewayOrder | null>;
  /** Every attempt to pay the order, as the gateway reports them. */
  getPayments(orderId: string): Promise<GatewayPayment[]>;
  /**
   * Closes an order that is still ACTIVE so it can no longer be paid (Cashfree's `PATCH /orders/{id}` with
   * `order_status: TERMINATED`); the order as the gateway then holds it (TERMINATED, or
   * TERMINATION_REQUESTED while an attempt is in flight), null when it does not know the order. A refusal
   * (the order was paid meanwhile, or has expired) is a definitive GatewayError.
   */
  terminateOrder(orderId: string): Promise<GatewayOrder | null>;
  createRefund(input: CreateGatewayRefund): Promise<GatewayRefund>;
  /** null when the gateway does not know the refund. */
  getRefund(orderId: string, refundId: string): Promise<GatewayRefund | null>;
  /** Every refund of an order, ours or made elsewhere (the dashboard, an automatic refund). */
  getRefunds(orderId: string): Promise<GatewayRefund[]>;
  close?(): void;
}

/**
 * The gateway said no, or did not answer. `definitive` is true when it answered with a refusal (4xx), so
 * nothing was created; false when the outcome is unknown (timeout, 5xx) and must be checked again later.
 */
export class GatewayError extends HttpError {
  constructor(
    statusCode: number,
    message: string,
    readonly definitive: boolean,
    readonly code?: string,
    readonly gatewayStatus?: number,
  ) {
    super(statusCode, message);
  }
}
