import { reviewsApi } from './reviews-api';

/** PUT /api/admin/editors/{editorId}/photo: an admin sets any editor's photo (JPEG, PNG or WebP). */
export const uploadEditorPhoto = (editorId: string, photo: File) =>
  reviewsApi.uploadEditorPhoto(editorId, photo);
