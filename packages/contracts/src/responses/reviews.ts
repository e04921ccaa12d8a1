import { z } from 'zod';
import { pageInfoSchema } from '../portfolio';
import { adminReviewSchema, ratingSummarySchema, reviewSchema } from '../reviews';

/** GET /api/users/editors/{id}/reviews (`EditorReviewsReply`). */
export const editorReviewsPageSchema = z.object({
  data: z.array(reviewSchema),
  ...pageInfoSchema.shape,
  summary: ratingSummarySchema,
});

/** POST /api/orders/{orderId}/review (201) and POST /api/reviews/{reviewId}/reply. */
export const reviewSavedReplySchema = z.object({ message: z.string(), data: reviewSchema });

/** GET /api/admin/reviews (`AdminReviewPage`). */
export const adminReviewPageSchema = z.object({
  data: z.array(adminReviewSchema),
  ...pageInfoSchema.shape,
});

/** POST /api/admin/reviews/{id}/hide and …/unhide. */
export const adminReviewReplySchema = z.object({ message: z.string(), data: adminReviewSchema });
