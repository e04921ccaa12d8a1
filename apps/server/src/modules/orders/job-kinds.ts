/** The durable scheduled work of orders (rows in `jobs`; see lib/jobs/README.md). */
export const ORDER_JOBS = {
  expireOffer: 'order.expire-offer',
  autoCompleteWarning: 'order.auto-complete-warning',
  autoComplete: 'order.auto-complete',
  markLate: 'order.mark-late',
  cancellationTimeout: 'order.cancellation-timeout',
  extensionLapse: 'order.extension-lapse',
  settlementLapse: 'order.settlement-lapse',
  refund: 'order.refund',
  tierPaymentLapse: 'order.tier-payment-lapse',
} as const;

export interface RefundJobPayload extends Record<string, unknown> {
  orderId: string;
  /** The payment to refund what remains of (the order's, or a second one that must go back). */
  paymentId: string;
  note: string;
  /** Paise the payment keeps (a settlement's agreed amount): only what lies above it is refunded. */
  keepPaise?: number;
}
