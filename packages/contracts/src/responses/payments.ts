import { z } from 'zod';
import { createPaymentReplySchema, paymentSchema, refundSchema } from '../payments';
import { inReplyOrder } from './common';

/**
 * POST /api/payment/{editorId}/{tier} and POST /api/orders/{id}/pay (201): `CreatePaymentReply` in the
 * order the server writes it (the order it pays comes last).
 */
export const paymentCreatedReplySchema = inReplyOrder(createPaymentReplySchema, [
  'orderId',
  'paymentSessionId',
  'amount',
  'planType',
  'provider',
  'mode',
  'order',
]);

/** GET /api/payment/creator/me and /editor/me (`PaymentListReply`). */
export const paymentListPageSchema = z.object({
  payments: z.array(paymentSchema),
  nextCursor: z.string().optional(),
});

/** GET /api/payment/admin (`AdminPaymentPage`). */
export const adminPaymentPageSchema = z.object({
  payments: z.array(paymentSchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
});

/** GET /api/payment/refund/{orderId}: an order's refunds (docs/api.md `RefundsSummary`). */
export const refundsSummarySchema = z.object({
  orderId: z.string(),
  amount: z.number(),
  refundedAmount: z.number(),
  remainingAmount: z.number(),
  refunds: z.array(refundSchema),
});
export type RefundsSummary = z.infer<typeof refundsSummarySchema>;

/** POST /api/payment/refund/{orderId} (201). */
export const refundCreatedReplySchema = z.object({
  message: z.string(),
  refund: refundSchema,
  refunds: refundsSummarySchema,
});
