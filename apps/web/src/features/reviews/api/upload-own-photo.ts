import { reviewsApi } from './reviews-api';

/** PUT /api/profile/photo: the signed-in editor's own photo. */
export const uploadOwnPhoto = (photo: File) => reviewsApi.uploadOwnPhoto(photo);
