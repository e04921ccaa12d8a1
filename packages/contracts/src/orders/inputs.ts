/** What the order endpoints take: bodies, params and queries. */
import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../limits';
import { hasWholePaise } from '../money';
import { tierTitleSchema } from '../portfolio';
import { typedText, userText } from '../typed-text';
import { orderStatusSchema } from './statuses';
import { ORDER_LIMITS } from './terms';
import { requireRefundChoice } from '../payments';

/** A number as a form's field holds it: digits, maybe a sign and decimals, maybe spaces around. */
const DECIMAL_TEXT = /^\s*-?\d*(\.\d*)?\s*$/;

/**
 * Whole numbers (rupees, days, revisions): a JSON number, or the decimal text a form's field holds (an
 * empty field reads as 0, so it is told the minimum). Nothing else is coerced: `true`, `[4000]`, `null`,
 * "0x10" or "1e3" read as a price would be a price nobody typed.
 */
const wholeNumber = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (DECIMAL_TEXT.test(v) ? Number(v) : Number.NaN) : v),
    z
      .number({ error: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max}`),
  );

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

/** POST /api/orders/{id}/extension: the editor asks for more days, and says why. */
export const extensionInputSchema = z.object({
  days: wholeNumber('Extra days', 1, ORDER_LIMITS.extensionDaysMax),
  reason: typedText('Reason', ORDER_LIMITS.reasonMax, 3),
});
export type ExtensionInput = z.input<typeof extensionInputSchema>;

/** POST /api/orders/{id}/settlement: complete the order at `amount` rupees, less than was paid. */
export const settlementInputSchema = z.object({
  amount: wholeNumber('Amount', 1, ORDER_LIMITS.priceMax),
  reason: typedText('Reason', ORDER_LIMITS.reasonMax).default(''),
});
export type SettlementInput = z.input<typeof settlementInputSchema>;

/**
 * POST /api/admin/orders/{id}/cancel: `{full: true}` refunds everything paid (even a payment landing
 * meanwhile), `refundAmount` refunds that much, 0 nothing; neither is refused (requireRefundChoice).
 */
export const adminCancelInputSchema = z
  .object({
    full: z.literal(true, { error: 'full can only be true' }).optional(),
    refundAmount: z
      .number({ error: 'Refund amount must be a number' })
      .min(0, 'Refund amount cannot be negative')
      .max(ORDER_LIMITS.priceMax, 'Refund amount is too large')
      .refine(hasWholePaise, 'Refund amount can have at most 2 decimals')
      .nullable()
      .optional(),
    note: typedText('Note', ORDER_LIMITS.reasonMax, 3),
  })
  .superRefine(requireRefundChoice);
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
  q: userText('The search', 'The search must be text').trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;
