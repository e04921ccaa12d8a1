import { z } from 'zod';
import { typedText } from './typed-text';
import { MAX_PAGE_SIZE } from './limits';
import { tierTitleSchema, type Tier, type TierTitle } from './portfolio';
import { hasWholePaise } from './money';
import { primaryPrice } from './price';

/**
 * Orders: the agreement between one creator and one editor that binds what is made (a tier or a custom
 * offer), its price, its delivery time, the revisions included, the payment and the release of the final
 * file. Not to be confused with the payment gateway's order: a payment's `orderId` (SPEC.md §3) is the
 * gateway's; an order of ours is `_id` plus a human `reference` such as `CR-10482`.
 */

export const ORDER_STATUSES = [
  // An editor's custom offer, waiting for the creator.
  'offered',
  'declined',
  'withdrawn',
  'expired',
  // Accepted (or bought with Pay Now) and to be paid before work starts.
  'awaiting_payment',
  'in_progress',
  'delivered',
  'changes_requested',
  'completed',
  'cancelled',
] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Offers that never became orders, and orders that ended without completing. */
export const CLOSED_ORDER_STATUSES: readonly OrderStatus[] = [
  'declined',
  'withdrawn',
  'expired',
  'cancelled',
];
/** Orders whose work is under way: the chat's order panel lists these (with offers). */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = [
  'offered',
  'awaiting_payment',
  'in_progress',
  'delivered',
  'changes_requested',
];
/** The editor may send a delivery for an order in these states. */
export const DELIVERABLE_ORDER_STATUSES: readonly OrderStatus[] = ['in_progress', 'changes_requested'];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  offered: 'Offer pending',
  declined: 'Offer declined',
  withdrawn: 'Offer withdrawn',
  expired: 'Offer expired',
  awaiting_payment: 'Awaiting payment',
  in_progress: 'In progress',
  delivered: 'Delivered',
  changes_requested: 'Changes requested',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const ORDER_SOURCES = ['offer', 'tier'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

/** Who did something to an order; `system` is a scheduled job or the gateway. */
export const ORDER_ACTORS = ['creator', 'editor', 'admin', 'system'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/** Durations (defaults; the server reads overrides from its configuration). */
export const ORDER_DEFAULTS = {
  offerExpiryHours: 7 * 24,
  autoCompleteHours: 72,
  autoCompleteWarningHours: 24,
  cancellationResponseHours: 48,
} as const;

export const ORDER_LIMITS = {
  titleMin: 3,
  titleMax: 100,
  descriptionMax: 2000,
  briefMax: 2000,
  reasonMax: 500,
  /** Rupees. */
  priceMin: 100,
  priceMax: 10_00_000,
  deliveryDaysMin: 1,
  deliveryDaysMax: 90,
  revisionsMax: 10,
} as const;

/** Every message the server sends about orders, for a person to read. */
export const ORDER_MESSAGES = {
  notFound: 'Order not found',
  alreadyPaid: 'This order is already paid',
  paymentRefunded:
    "This order's payment was refunded, so it cannot be paid again. Ask the editor for a new offer.",
  notPayable: 'This order cannot be paid now',
  paymentBeingPrepared: 'A payment for this order is being prepared. Please try again in a moment.',
  onlyEditorOffers: "Only the room's editor can send offers",
  onlyCreatorRequests: "Only the room's creator can ask for an offer",
  onlyCreator: "Only the order's creator can do this",
  onlyEditor: "Only the order's editor can do this",
  notAllowed: (action: string, status: OrderStatus) =>
    `You cannot ${action} an order that is ${ORDER_STATUS_LABELS[status].toLowerCase()}`,
  offerExpired: 'This offer has expired',
  notDeliverable: 'Deliveries can only be sent for orders in progress or with changes requested',
  awaitingPayment: 'The creator has not paid for this order yet',
  chooseOrder: 'Choose the order this delivery is for',
  orderOfAnotherRoom: 'This order belongs to another chat',
  noRevisionsLeft:
    'No revisions are left on this order. Your request was sent to the editor, who can accept it anyway or send you a new offer.',
  noExtraRevision: 'There is no request for an extra revision to accept',
  cancellationPending: 'A cancellation is already waiting for an answer',
  noCancellation: 'There is no cancellation waiting for an answer',
  ownCancellation: 'You cannot answer your own cancellation request',
  notLate: 'Only an order past its due date with no delivery can be cancelled this way',
  cannotCancel: 'This order can no longer be cancelled this way. Propose a cancellation instead.',
  refundTooLarge: (remaining: string) => `The refund cannot be more than the ${remaining} that was paid`,
  tierNotFound: (tier: string) => `The editor has no ${tier} tier`,
} as const;

/** Texts the order screens show. */
export const ORDER_TEXTS = {
  panelTitle: 'Orders',
  sendOffer: 'Send offer',
  requestOffer: 'Ask for an offer',
  accept: 'Accept',
  acceptAndPay: 'Accept & pay now',
  acceptPayLater: 'Accept, pay on approval',
  decline: 'Decline',
  withdraw: 'Withdraw offer',
  pay: 'Pay for this order',
  cancel: 'Cancel order',
  cancelLate: 'Cancel with full refund',
  proposeCancel: 'Propose cancellation',
  acceptCancel: 'Accept cancellation',
  declineCancel: 'Keep the order',
  withdrawCancel: 'Withdraw cancellation request',
  acceptExtraRevision: 'Accept extra revision',
  noOrders: 'No orders yet',
  startingPrice: 'This is the starting price of the tier; a custom offer from the editor can cover more.',
  alreadyPaid: ORDER_MESSAGES.alreadyPaid,
} as const;

// ---------------------------------------------------------------------------------------------------------
// References

/** Orders are numbered from here; the reference is `CR-` and the number. */
export const FIRST_ORDER_NUMBER = 10001;
export { orderReference, parseOrderReference } from './money';

// ---------------------------------------------------------------------------------------------------------
// What a tier includes when bought with Pay Now

export interface TierTerms {
  /** Rupees: the first pricing entry's priceMin. */
  amount: number;
  /** True when the tier shows a range: the amount is its starting price. */
  startingPrice: boolean;
  deliveryDays: number;
  revisions: number;
  features: string[];
}

const DEFAULT_DAYS: Record<TierTitle, number> = { basic: 3, intermediate: 5, pro: 7 };

/**
 * What Pay Now on a tier buys: its price, the features listed, the revisions it names ('1 revision',
 * 'Up to 2 revisions'; none named means one) and a delivery time (3, 5 or 7 days by tier, halved with
 * 'Express delivery'). Null when the tier has no price.
 */
export function tierTerms(tier: Pick<Tier, 'title' | 'features' | 'pricing'>): TierTerms | null {
  const price = primaryPrice(tier.pricing);
  if (!price) return null;
  let revisions: number | null = null;
  for (const f of tier.features) {
    const m = /^(?:up to\s+)?(\d{1,2})\s+revisions?$/i.exec(f.trim());
    if (m) revisions = Math.max(revisions ?? 0, Number(m[1]));
    if (/^unlimited revisions$/i.test(f.trim())) revisions = ORDER_LIMITS.revisionsMax;
  }
  const express = tier.features.some((f) => /express delivery/i.test(f));
  const days = DEFAULT_DAYS[tier.title];
  return {
    amount: price.priceMin,
    startingPrice: price.priceMax !== undefined && price.priceMax > price.priceMin,
    deliveryDays: express ? Math.max(1, Math.ceil(days / 2)) : days,
    revisions: revisions ?? 1,
    features: [...tier.features],
  };
}

// ---------------------------------------------------------------------------------------------------------
// Inputs

const wholeNumber = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

/** POST /api/chat/{roomId}/offers: the editor's custom offer. */
export const createOfferInputSchema = z.object({
  title: typedText('Title', ORDER_LIMITS.titleMax, ORDER_LIMITS.titleMin),
  description: typedText('Description', ORDER_LIMITS.descriptionMax).default(''),
  /** Whole rupees. */
  amount: wholeNumber('Price', ORDER_LIMITS.priceMin, ORDER_LIMITS.priceMax),
  deliveryDays: wholeNumber('Delivery time', ORDER_LIMITS.deliveryDaysMin, ORDER_LIMITS.deliveryDaysMax),
  revisions: wholeNumber('Revisions', 0, ORDER_LIMITS.revisionsMax),
  tier: tierTitleSchema.nullable().optional(),
});
export type CreateOfferInput = z.input<typeof createOfferInputSchema>;

/** POST /api/chat/{roomId}/offer-requests: the creator asks the editor for an offer. */
export const offerRequestInputSchema = z.object({
  brief: typedText('Brief', ORDER_LIMITS.briefMax, 1),
  tier: tierTitleSchema.nullable().optional(),
});
export type OfferRequestInput = z.input<typeof offerRequestInputSchema>;

/** POST /api/orders/{id}/accept: pay first (work starts on payment) or after approving the delivery. */
export const acceptOfferInputSchema = z.object({
  payNow: z.boolean().default(true),
  brief: typedText('Brief', ORDER_LIMITS.briefMax).optional(),
});
export type AcceptOfferInput = z.input<typeof acceptOfferInputSchema>;

/** POST /api/orders/{id}/cancellation and /cancel. */
export const cancellationInputSchema = z.object({
  reason: typedText('Reason', ORDER_LIMITS.reasonMax).default(''),
});
export type CancellationInput = z.input<typeof cancellationInputSchema>;

/** POST /api/admin/orders/{id}/cancel: null (or missing) refunds everything paid; 0 refunds nothing. */
export const adminCancelInputSchema = z.object({
  refundAmount: z
    .number({ error: 'Refund amount must be a number' })
    .min(0, 'Refund amount cannot be negative')
    .max(ORDER_LIMITS.priceMax, 'Refund amount is too large')
    .refine(hasWholePaise, 'Refund amount can have at most 2 decimals')
    .nullable()
    .optional(),
  note: typedText('Note', ORDER_LIMITS.reasonMax, 3),
});
export type AdminCancelInput = z.input<typeof adminCancelInputSchema>;

const uuid = (what: string) => z.string({ error: `${what} is required` }).uuid(`Invalid ${what}`);
export const orderParamsSchema = z.object({ id: uuid('order id') });

/** GET /api/orders: the viewer's own orders (creators and editors), newest first. */
export const orderListQuerySchema = z.object({
  roomId: uuid('roomId').optional(),
  /** 'open' is every status of OPEN_ORDER_STATUSES. */
  status: z.union([orderStatusSchema, z.literal('open')]).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  before: z.string().max(200).optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/** GET /api/admin/orders. */
export const adminOrderListQuerySchema = z.object({
  status: z.union([orderStatusSchema, z.literal('open')]).optional(),
  late: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  editorId: uuid('editorId').optional(),
  creatorId: uuid('creatorId').optional(),
  /** A reference (CR-10482) or part of a username. */
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;

// ---------------------------------------------------------------------------------------------------------
// Shapes

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

// ---------------------------------------------------------------------------------------------------------
// The rules: who may do what, in which state. The server checks the same function before each
// transition, and the transition's conditional UPDATE re-checks the state it depends on.

export type OrderViewer = 'creator' | 'editor' | 'admin' | 'other';

export interface OrderRuleState {
  status: OrderStatus;
  paid: boolean;
  dueAt: Date | string | null;
  offerExpiresAt: Date | string | null;
  cancellationRequestedBy: 'creator' | 'editor' | null;
  extraRevisionRequested: boolean;
}

const time = (v: Date | string | null) => (v === null ? null : new Date(v).getTime());

/** Past its due date with no delivery yet. */
export function isOrderLate(o: Pick<OrderRuleState, 'status' | 'dueAt'>, now = new Date()): boolean {
  const due = time(o.dueAt);
  return o.status === 'in_progress' && due !== null && due < now.getTime();
}

export function isOfferExpired(
  o: Pick<OrderRuleState, 'status' | 'offerExpiresAt'>,
  now = new Date(),
): boolean {
  const at = time(o.offerExpiresAt);
  return o.status === 'offered' && at !== null && at <= now.getTime();
}

const WORKING: readonly OrderStatus[] = ['in_progress', 'delivered', 'changes_requested'];
const PAYABLE: readonly OrderStatus[] = [
  'awaiting_payment',
  'in_progress',
  'delivered',
  'changes_requested',
  'completed',
];

/** The actions open to `viewer` on an order in this state, in the order a screen shows them. */
export function orderActions(o: OrderRuleState, viewer: OrderViewer, now = new Date()): OrderAction[] {
  const out: OrderAction[] = [];
  if (viewer === 'other') return out;
  if (viewer === 'admin') {
    if (!CLOSED_ORDER_STATUSES.includes(o.status) && o.status !== 'offered') out.push('admin_cancel');
    return out;
  }
  const pending = o.cancellationRequestedBy;
  if (o.status === 'offered') {
    if (isOfferExpired(o, now)) return out;
    if (viewer === 'creator') out.push('accept', 'decline');
    else out.push('withdraw');
    return out;
  }
  if (viewer === 'creator') {
    if (!o.paid && PAYABLE.includes(o.status) && !pending) out.push('pay');
    if (o.status === 'delivered') out.push('review');
    if ((o.status === 'awaiting_payment' && !o.paid) || isOrderLate(o, now)) out.push('cancel');
  } else {
    if (DELIVERABLE_ORDER_STATUSES.includes(o.status)) out.push('deliver');
    if (o.status === 'delivered' && o.extraRevisionRequested) out.push('accept_extra_revision');
  }
  if (WORKING.includes(o.status) || o.status === 'awaiting_payment') {
    if (!pending) out.push('request_cancellation');
    else if (pending === viewer) out.push('withdraw_cancellation');
    else out.push('accept_cancellation', 'decline_cancellation');
  }
  return out;
}

/** Whether `viewer` may take `action` now. */
export const canTakeOrderAction = (
  o: OrderRuleState,
  viewer: OrderViewer,
  action: OrderAction,
  now = new Date(),
) => orderActions(o, viewer, now).includes(action);
