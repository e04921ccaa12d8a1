import { reviewsApi } from './reviews-api';

/** POST /api/admin/reviews/{reviewId}/hide: the review leaves the editor's page and rating, with a reason. */
export const hideReview = (reviewId: string, reason: string) => reviewsApi.hide(reviewId, reason);
