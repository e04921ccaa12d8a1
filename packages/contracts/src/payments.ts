import { z } from 'zod';
import { indianPhoneSchema } from './phone';
import { tierTitleSchema } from './portfolio';
import { hasWholePaise } from './money';
import { CONTACT_FOR_PRICING } from './price';

/** SPEC.md §4: INITIATED (shown as processing), SUCCESS, FAILED; anything else is unknown. */
export const PAYMENT_STATUSES = ['INITIATED', 'SUCCESS', 'FAILED'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** A refund follows the gateway's own states (DESIGN.md §4). */
export const REFUND_STATUSES = ['PENDING', 'SUCCESS', 'CANCELLED', 'ONHOLD'] as const;
export const refundStatusSchema = z.enum(REFUND_STATUSES);
export type RefundStatus = z.infer<typeof refundStatusSchema>;

export const PAYMENT_PROVIDERS = ['simulator', 'cashfree'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export type PaymentMode = 'sandbox' | 'production';

export const DEFAULT_REFUND_NOTE = 'Refund initiated by admin';
export const REFUND_NOTE_MIN = 3;
export const REFUND_NOTE_MAX = 100;
export const CREATOR_NOTE_MAX = 500;

/** Every text the payment screens show (SPEC.md §2, §5, §8). */
export const PAYMENT_MESSAGES = {
  loginToPay: 'Please login to make a payment',
  onlyCreators: 'Only creators can make payments',
  invalidPhone: 'Please enter a valid 10-digit phone number',
  gatewayUnavailable: 'Payment gateway not available. Please refresh the page.',
  invalidReply: 'Invalid payment response from server',
  createFailed: 'Failed to create payment link',
  checkoutLaunched: 'Payment checkout launched!',
  editorGone: 'This editor is no longer available',
  editorNotFound: 'Editor not found or deleted',
  contactForPricing: CONTACT_FOR_PRICING,
  noPrice: 'This plan has no price yet. Contact for pricing.',
  loadFailed: 'Failed to load payments.',
  refundCreated: 'Refund created successfully!',
  refundFailed: 'Failed to create refund.',
  loginForProfile: 'Please login to view your profile.',
} as const;

/**
 * How a checkout ended, as the gateway reported it when the result page asked (GET
 * /api/payment/status/{orderId}). The status stays SPEC.md's three; a FAILED payment is told apart here:
 * - paid: SUCCESS; pending: INITIATED, no final answer yet;
 * - cancelled: the payer left or cancelled the checkout (Cashfree's USER_DROPPED or CANCELLED attempt);
 * - failed: the bank or the gateway declined (FAILED or VOID attempt), or the gateway could not be asked;
 * - expired: the order lapsed without any attempt.
 */
export const PAYMENT_OUTCOMES = ['paid', 'pending', 'cancelled', 'failed', 'expired'] as const;
export const paymentOutcomeSchema = z.enum(PAYMENT_OUTCOMES);
export type PaymentOutcome = z.infer<typeof paymentOutcomeSchema>;

/** SPEC.md §2: the result page's title for each status; a checkout the payer cancelled says so. */
export const PAYMENT_RESULT_TITLES = {
  SUCCESS: 'Payment Successful!',
  INITIATED: 'Payment Processing',
  FAILED: 'Payment Failed',
  unknown: 'Payment Status Unknown',
  cancelled: 'Payment Cancelled',
} as const;

export function paymentResultTitle(
  status: string | null | undefined,
  outcome?: PaymentOutcome | null,
): string {
  if (status === 'FAILED' && outcome === 'cancelled') return PAYMENT_RESULT_TITLES.cancelled;
  return status === 'SUCCESS' || status === 'INITIATED' || status === 'FAILED'
    ? PAYMENT_RESULT_TITLES[status]
    : PAYMENT_RESULT_TITLES.unknown;
}

/** How a status reads in a badge: INITIATED is 'processing' (SPEC.md §4). */
export function paymentStatusLabel(status: string): string {
  return status === 'INITIATED' ? 'processing' : status;
}

/** The payer's phone, as the gateway needs it: 10 digits (typed with +91, spaces or dashes, or not). */
export const phoneSchema = indianPhoneSchema(PAYMENT_MESSAGES.invalidPhone);

/** Body of POST /api/payment/{editorId}/{tier}. The amount is never taken from the client. */
export const createPaymentInputSchema = z.object({
  phone: phoneSchema,
  creatorNote: z
    .string()
    .trim()
    .max(CREATOR_NOTE_MAX, `The note must be at most ${CREATOR_NOTE_MAX} characters`)
    .optional()
    .default(''),
});
export type CreatePaymentInput = z.input<typeof createPaymentInputSchema>;

export const createPaymentReplySchema = z.object({
  orderId: z.string(),
  paymentSessionId: z.string(),
  /** Rupees. */
  amount: z.number(),
  /** The order's tier; null for a custom offer without one. */
  planType: tierTitleSchema.nullable(),
  /** The order of ours this payment pays for. */
  order: z.object({ _id: z.string(), reference: z.string(), title: z.string() }),
  /** Which checkout the browser opens: Cashfree's SDK or the built-in simulator page. */
  provider: z.enum(PAYMENT_PROVIDERS),
  mode: z.enum(['sandbox', 'production']),
});
export type CreatePaymentReply = z.infer<typeof createPaymentReplySchema>;

/** The gateway the server uses, so the page can prepare the right checkout before paying. */
export const paymentGatewayInfoSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  mode: z.enum(['sandbox', 'production']),
});
export type PaymentGatewayInfo = z.infer<typeof paymentGatewayInfoSchema>;

/**
 * SPEC.md §5: the session id may come as paymentSessionId or raw.payment_session_id; anything else is
 * an invalid reply.
 */
export function paymentSessionIdOf(reply: unknown): string | null {
  if (!reply || typeof reply !== 'object') return null;
  const r = reply as { paymentSessionId?: unknown; raw?: { payment_session_id?: unknown } | null };
  if (typeof r.paymentSessionId === 'string' && r.paymentSessionId) return r.paymentSessionId;
  const raw = r.raw?.payment_session_id;
  return typeof raw === 'string' && raw ? raw : null;
}

export const refundSchema = z.object({
  refundId: z.string(),
  /** Rupees. */
  amount: z.number(),
  note: z.string(),
  status: refundStatusSchema,
  createdAt: z.string(),
  processedAt: z.string().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

/** A payment as each role sees it (SPEC.md §3); phone and note only reach the payer and admins. */
export const paymentSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  cfOrderId: z.string().nullable(),
  cfPaymentId: z.string().nullable(),
  /** Rupees. */
  amount: z.number(),
  status: paymentStatusSchema,
  /** The order's tier; null for a custom offer without one. */
  planType: tierTitleSchema.nullable(),
  /** Our order this payment is for (payments made before orders existed were given one). */
  order: z.object({ _id: z.string(), reference: z.string(), title: z.string() }).nullable(),
  editor: z.object({ _id: z.string(), username: z.string() }),
  creator: z.object({ _id: z.string().optional(), username: z.string() }),
  phone: z.string().optional(),
  creatorNote: z.string().optional(),
  createdAt: z.string(),
  /** Rupees refunded or on their way back (PENDING, ONHOLD, SUCCESS). */
  refundedAmount: z.number(),
  refunds: z.array(refundSchema),
});
export type Payment = z.infer<typeof paymentSchema>;

/** GET /api/payment/status/{orderId}: the payment (SPEC.md §7 'response payment') and how it ended. */
export const paymentStatusReplySchema = z.object({
  payment: paymentSchema,
  outcome: paymentOutcomeSchema,
});
export type PaymentStatusReply = z.infer<typeof paymentStatusReplySchema>;

export interface PaymentListReply {
  payments: Payment[];
  /** Pass as `before` for the next page; absent on the last page. */
  nextCursor?: string;
}

export interface AdminPaymentPage {
  payments: Payment[];
  page: number;
  limit: number;
  total: number;
}

/** Rupees with at most two decimals, more than zero. */
const rupeeAmount = z
  .number({ error: 'Refund amount must be a number' })
  .positive('Refund amount must be more than zero')
  .max(10_000_000, 'Refund amount is too large')
  .refine(hasWholePaise, 'Refund amount can have at most 2 decimals');

/**
 * Issue 25: a refund says what it is. `full: true` refunds all that remains; otherwise `refundAmount` is
 * the rupees to refund. Neither (an empty, null or missing amount) is refused: it used to mean
 * "everything" without anyone saying so.
 */
export const REFUND_CHOICE_MESSAGES = {
  missing: 'Choose a full refund (full: true) or enter the amount to refund',
  both: 'Choose either a full refund or an amount, not both',
} as const;

/** The rule both refund bodies share: exactly one of `full: true` and an amount. */
export function requireRefundChoice(
  v: { full?: true | undefined; refundAmount?: number | null | undefined },
  ctx: z.RefinementCtx,
): void {
  const hasAmount = v.refundAmount != null;
  if (v.full && hasAmount)
    ctx.addIssue({ code: 'custom', path: ['full'], message: REFUND_CHOICE_MESSAGES.both });
  if (!v.full && !hasAmount) {
    ctx.addIssue({ code: 'custom', path: ['refundAmount'], message: REFUND_CHOICE_MESSAGES.missing });
  }
}

/** Body of POST /api/payment/refund/{orderId}: `{full: true}` or `{refundAmount}`, and a note. */
export const refundInputSchema = z
  .object({
    full: z.literal(true, { error: 'full can only be true' }).optional(),
    refundAmount: z.preprocess((v) => (v === '' ? null : v), rupeeAmount.nullable().optional()),
    refundNote: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z
        .string()
        .trim()
        .min(REFUND_NOTE_MIN, `The note must be at least ${REFUND_NOTE_MIN} characters`)
        .max(REFUND_NOTE_MAX, `The note must be at most ${REFUND_NOTE_MAX} characters`)
        .default(DEFAULT_REFUND_NOTE),
    ),
  })
  .superRefine(requireRefundChoice);
export type RefundInput = z.input<typeof refundInputSchema>;

/** Older names of the money module's conversions (money.ts), kept for their callers. */
export { paiseFromRupees as rupeesToPaise, rupeesFromPaise as paiseToRupees } from './money';
