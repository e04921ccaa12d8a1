import { z } from 'zod';
import { orderEventSchema, orderSchema } from '../orders';
import { inReplyOrder } from './common';

/** `Order` in the order the server writes it (its review fields come after `refundedAmount`). */
export const orderReplySchema = inReplyOrder(orderSchema, [
  '_id',
  'reference',
  'roomId',
  'creator',
  'editor',
  'source',
  'tier',
  'title',
  'description',
  'brief',
  'features',
  'amount',
  'startingPrice',
  'deliveryDays',
  'revisionsIncluded',
  'revisionsUsed',
  'revisionsLeft',
  'status',
  'statusLabel',
  'paid',
  'paidAt',
  'paymentOrderId',
  'refundedAmount',
  'review',
  'reviewableUntil',
  'dueAt',
  'late',
  'offerExpiresAt',
  'autoCompleteAt',
  'extraRevision',
  'cancellation',
  'extension',
  'settlement',
  'disputeId',
  'disputableUntil',
  'cancelledBy',
  'cancelNote',
  'createdAt',
  'acceptedAt',
  'deliveredAt',
  'completedAt',
  'cancelledAt',
  'actions',
]);

/** Every order action (offers, accept, decline, cancel, …): `{ data: Order }`. */
export const orderActionReplySchema = z.object({ data: orderReplySchema });

/** GET /api/orders (`OrderListReply`). */
export const orderListPageSchema = z.object({
  data: z.array(orderReplySchema),
  nextCursor: z.string().optional(),
});

/** GET /api/orders/{id} and /api/admin/orders/{id} (`OrderDetailReply`). */
export const orderDetailReplySchema = z.object({
  data: orderReplySchema,
  events: z.array(orderEventSchema),
});

/** GET /api/admin/orders (`AdminOrderPage`). */
export const adminOrderPageSchema = z.object({
  data: z.array(orderReplySchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
});
