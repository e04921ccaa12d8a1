import { reviewsApi } from './reviews-api';

/** POST /api/admin/reviews/{reviewId}/unhide: a hidden review is shown again, with a reason. */
export const unhideReview = (reviewId: string, reason: string) => reviewsApi.unhide(reviewId, reason);
