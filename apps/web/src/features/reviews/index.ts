// The reviews feature: stars, an editor's reviews, the creator's review of an order, the editor's badge and
// photo calls, and the admin's reviews (screens in routes.ts).
export { reviewsApi } from './api/reviews-api';
export { EditorReviews } from './components/editor-reviews';
export { REVIEW_FORM_TEXTS, ReviewDialog } from './components/review-form';
export { RatingLine, Stars } from './components/stars';
export { useReturnFocus } from './hooks/use-return-focus';
