// The reviews feature: stars, an editor's reviews, the creator's review of an order, the editor's badge and
// photo calls, and the admin's reviews (screens in routes.ts).
export { removeEditorPhoto } from './api/remove-editor-photo';
export { removeOwnPhoto } from './api/remove-own-photo';
export { reviewsApi } from './api/reviews-api';
export { useSetEditorVerified } from './api/set-editor-verified';
export { uploadEditorPhoto } from './api/upload-editor-photo';
export { uploadOwnPhoto } from './api/upload-own-photo';
export { EditorReviews } from './components/editor-reviews';
export { REVIEW_FORM_TEXTS, ReviewDialog } from './components/review-form';
export { RatingLine, Stars } from './components/stars';
export { useReturnFocus } from './hooks/use-return-focus';
