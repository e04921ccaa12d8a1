import { reviewsApi } from './reviews-api';

/** DELETE /api/profile/photo. */
export const removeOwnPhoto = () => reviewsApi.removeOwnPhoto();
