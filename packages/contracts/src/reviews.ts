import { z } from 'zod';
import { typedText } from './typed-text';
import { MAX_PAGE_SIZE } from './limits';

/**
 * Reviews of completed orders, and the trust signals the catalogue shows (issue 15). Only the creator of a
 * completed order may review it, once, within REVIEW_WINDOW_DAYS of completion; the editor may reply once.
 */

export const REVIEW_WINDOW_DAYS = 30;
export const REVIEW_LIMITS = { textMax: 2000, replyMax: 1500, reasonMin: 3, reasonMax: 500 } as const;
export const REVIEWS_PAGE_SIZE = 10;

const stars = (label: string) =>
  z
    .number({ error: `${label} must be a number of stars` })
    .int(`${label} must be whole stars`)
    .min(1, `${label} must be 1 to 5 stars`)
    .max(5, `${label} must be 1 to 5 stars`);

/** POST /api/orders/{orderId}/review. */
export const reviewInputSchema = z.object({
  rating: stars('Rating'),
  communication: stars('Communication').nullish(),
  quality: stars('Quality').nullish(),
  onTime: stars('Delivery on time').nullish(),
  text: typedText('Review', REVIEW_LIMITS.textMax).default(''),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;

/** POST /api/reviews/{reviewId}/reply: the editor's one public reply. */
export const reviewReplyInputSchema = z.object({ reply: typedText('Reply', REVIEW_LIMITS.replyMax, 1) });
export type ReviewReplyInput = z.input<typeof reviewReplyInputSchema>;

/** POST /api/admin/reviews/{reviewId}/hide and /unhide: the reason goes to the audit log. */
export const reviewModerationInputSchema = z.object({
  reason: typedText('Reason', REVIEW_LIMITS.reasonMax, REVIEW_LIMITS.reasonMin),
});
export type ReviewModerationInput = z.input<typeof reviewModerationInputSchema>;

export const reviewSchema = z.object({
  _id: z.string(),
  rating: z.number().int(),
  communication: z.number().int().nullable(),
  quality: z.number().int().nullable(),
  onTime: z.number().int().nullable(),
  text: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
  /** The creator's anonymous handle (never an e-mail). */
  author: z.string(),
  /** What was bought: the order's title. */
  orderTitle: z.string(),
  /** The viewer is the editor and has not replied yet. */
  canReply: z.boolean().optional(),
});
export type Review = z.infer<typeof reviewSchema>;

export const ratingSummarySchema = z.object({
  /** Of visible reviews, one decimal; null with none. */
  average: z.number().nullable(),
  count: z.number().int(),
  /** Visible reviews by stars, 5 first. */
  distribution: z.array(z.object({ stars: z.number().int(), count: z.number().int() })),
  communication: z.number().nullable(),
  quality: z.number().nullable(),
  onTime: z.number().nullable(),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const reviewPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(REVIEWS_PAGE_SIZE),
});

/** GET /api/users/editors/{id}/reviews. */
export interface EditorReviewsReply {
  data: Review[];
  page: number;
  limit: number;
  total: number;
  hasMore: boolean;
  summary: RatingSummary;
}

export const reviewModerationEventSchema = z.object({
  action: z.enum(['hidden', 'shown']),
  reason: z.string(),
  admin: z.string().nullable(),
  createdAt: z.string(),
});
export type ReviewModerationEvent = z.infer<typeof reviewModerationEventSchema>;

/** A review as admins see it: who, which order, whether hidden, and its audit log. */
export const adminReviewSchema = reviewSchema.extend({
  editor: z.object({ _id: z.string(), username: z.string() }),
  creator: z.object({ _id: z.string(), username: z.string() }),
  orderId: z.string(),
  orderReference: z.string(),
  hidden: z.boolean(),
  hiddenReason: z.string().nullable(),
  history: z.array(reviewModerationEventSchema),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const ADMIN_REVIEW_FILTERS = ['all', 'visible', 'hidden'] as const;
export const adminReviewQuerySchema = reviewPageQuerySchema.extend({
  status: z.enum(ADMIN_REVIEW_FILTERS).default('all'),
});

export interface AdminReviewPage {
  data: AdminReview[];
  page: number;
  limit: number;
  total: number;
  hasMore: boolean;
}

/** The order's review as its two sides see it on the order card. */
export const orderReviewStateSchema = z.object({
  /** The review, once written. */
  review: z.object({ _id: z.string(), rating: z.number().int(), hidden: z.boolean() }).nullable(),
  /** The creator may still review it until then (null once reviewed or when it cannot be reviewed). */
  reviewableUntil: z.string().nullable(),
});
export type OrderReviewState = z.infer<typeof orderReviewStateSchema>;

// ---------------------------------------------------------------------------------------------------------
// Track record and the verified badge

export const trackRecordSchema = z.object({
  completedOrders: z.number().int(),
  /** Completed orders never late, as a share 0–1; null before the first completed order. */
  onTimeRate: z.number().nullable(),
  /** The median time to the editor's first reply in a new chat, in minutes; null with too few chats. */
  responseMinutes: z.number().nullable(),
  memberSince: z.string(),
  /** Orders whose dispute Cutroom support decided against the editor (a full or partial refund). */
  disputesLost: z.number().int(),
});
export type TrackRecord = z.infer<typeof trackRecordSchema>;

/** Fewer first replies than this and the response time is not shown (one quick reply proves little). */
export const RESPONSE_TIME_MIN_CHATS = 3;

/** 'within an hour', 'within a few hours', 'within a day', 'in a few days'. */
export function responseTimeLabel(minutes: number): string {
  if (minutes <= 60) return 'within an hour';
  if (minutes <= 6 * 60) return 'within a few hours';
  if (minutes <= 24 * 60) return 'within a day';
  return 'in a few days';
}

/** '4.8' — averages are shown with one decimal. */
export const formatRating = (average: number) => average.toFixed(1);

export const editorVerifiedInputSchema = z.object({
  verified: z.boolean({ error: 'verified must be true or false' }),
});

export const REVIEW_MESSAGES = {
  created: 'Thanks for your review!',
  replied: 'Reply posted.',
  hidden: 'Review hidden.',
  shown: 'Review shown again.',
  notFound: 'Review not found',
  orderNotFound: 'Order not found',
  notYours: 'Only the creator of this order can review it',
  notCompleted: 'Only completed orders can be reviewed',
  notPaid: 'You can review this order once it is paid',
  unpaidStaysHidden: "This review's order has not been paid, so the review cannot be shown",
  tooLate: `Reviews can be written within ${REVIEW_WINDOW_DAYS} days of completion`,
  already: 'This order has already been reviewed',
  replyNotYours: 'Only the editor who was reviewed can reply',
  alreadyReplied: 'You have already replied to this review',
  alreadyHidden: 'This review is already hidden',
  notHidden: 'This review is not hidden',
  verified: 'Editor marked as verified.',
  unverified: 'Verified badge removed.',
  photoSaved: 'Photo updated.',
  photoRemoved: 'Photo removed.',
  photoMissing: 'Choose an image for the photo',
  photoWrongType: 'The photo must be a JPEG, PNG or WebP image',
  photoUnreadable: 'That image could not be read',
} as const;
