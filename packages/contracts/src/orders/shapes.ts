/** Orders and their events as the API and the socket send them. */
import { z } from 'zod';
import { tierTitleSchema } from '../portfolio';
import { ORDER_ACTORS, ORDER_SOURCES, orderStatusSchema } from './statuses';

export const ORDER_ACTIONS = [
  'accept',
  'decline',
  'withdraw',
  'pay',
  'cancel',
  'request_cancellation',
  'accept_cancellation',
  'decline_cancellation',
  'withdraw_cancellation',
  'deliver',
  'review',
  'accept_extra_revision',
  'request_extension',
  'accept_extension',
  'decline_extension',
  'withdraw_extension',
  'propose_settlement',
  'accept_settlement',
  'decline_settlement',
  'withdraw_settlement',
  'open_dispute',
  'admin_cancel',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export const orderSchema = z.object({
  _id: z.string(),
  /** CR-10482. */
  reference: z.string(),
  roomId: z.string(),
  creator: z.object({ _id: z.string().optional(), username: z.string() }),
  editor: z.object({ _id: z.string(), username: z.string() }),
  source: z.enum(ORDER_SOURCES),
  tier: tierTitleSchema.nullable(),
  title: z.string(),
  description: z.string(),
  brief: z.string(),
  features: z.array(z.string()),
  /** Rupees, decided by the server. */
  amount: z.number(),
  /** A range tier bought with Pay Now: the amount is the tier's starting price. */
  startingPrice: z.boolean(),
  deliveryDays: z.number().int(),
  revisionsIncluded: z.number().int(),
  revisionsUsed: z.number().int(),
  revisionsLeft: z.number().int(),
  status: orderStatusSchema,
  statusLabel: z.string(),
  paid: z.boolean(),
  paidAt: z.string().nullable(),
  /** The gateway order id of the successful payment (the `orderId` of SPEC's payment). */
  paymentOrderId: z.string().nullable(),
  /** Rupees refunded (or on their way back). */
  refundedAmount: z.number(),
  dueAt: z.string().nullable(),
  /** Past its due date with no delivery. */
  late: z.boolean(),
  offerExpiresAt: z.string().nullable(),
  autoCompleteAt: z.string().nullable(),
  /** The creator asked for changes with no revisions left; the editor may accept anyway. */
  extraRevision: z.object({ note: z.string(), requestedAt: z.string() }).nullable(),
  cancellation: z
    .object({
      requestedBy: z.enum(['creator', 'editor']),
      reason: z.string(),
      requestedAt: z.string(),
      /** Cancelled automatically if the other side has not answered by then. */
      respondBy: z.string(),
    })
    .nullable(),
  /** The editor asked for more days; the creator accepts (the due date moves) or declines. */
  extension: z
    .object({
      days: z.number().int(),
      reason: z.string(),
      requestedAt: z.string(),
      /** It lapses (nothing changes) if the creator has not answered by then. */
      respondBy: z.string(),
    })
    .nullable(),
  /**
   * One side proposes completing the order for less than was paid; accepted, the difference is refunded,
   * the order completes and the final file is released.
   */
  settlement: z
    .object({
      proposedBy: z.enum(['creator', 'editor']),
      /** Rupees the order completes at. */
      amount: z.number(),
      reason: z.string(),
      proposedAt: z.string(),
      /** It lapses (nothing changes) if the other side has not answered by then. */
      respondBy: z.string(),
    })
    .nullable(),
  /** The open dispute that freezes the order (see GET /api/orders/{id}/disputes). */
  disputeId: z.string().nullable(),
  /** A completed order may be disputed until then. */
  disputableUntil: z.string().nullable(),
  cancelledBy: z.enum(ORDER_ACTORS).nullable(),
  cancelNote: z.string().nullable(),
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** What the viewer may do now (the server enforces the same rules). */
  actions: z.array(z.enum(ORDER_ACTIONS)),
  /** The creator's review of the completed order, once written. */
  review: z.object({ _id: z.string(), rating: z.number().int(), hidden: z.boolean() }).nullable().optional(),
  /** To the creator of a completed order not yet reviewed: the review window closes then. */
  reviewableUntil: z.string().nullable().optional(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderEventSchema = z.object({
  _id: z.string(),
  type: z.string(),
  actor: z.enum(ORDER_ACTORS),
  /** A line a person reads: 'Offer accepted', 'Paid ₹6,999 (order_…)'. */
  summary: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export interface OrderListReply {
  data: Order[];
  /** Pass as `before` for the next page; absent on the last page. */
  nextCursor?: string;
}

export interface AdminOrderPage {
  data: Order[];
  page: number;
  limit: number;
  total: number;
}

/** GET /api/orders/{id} and /api/admin/orders/{id}. */
export interface OrderDetailReply {
  data: Order;
  events: OrderEvent[];
}

/** Socket event to both members, the room's observers and admins whenever an order changes. */
export const ORDER_UPDATED_EVENT = 'orderUpdated';
export const orderUpdatedEventSchema = z.object({
  roomId: z.string(),
  orderId: z.string(),
  status: orderStatusSchema,
});
export type OrderUpdatedEvent = z.infer<typeof orderUpdatedEventSchema>;
