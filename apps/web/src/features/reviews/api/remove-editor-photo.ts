import { reviewsApi } from './reviews-api';

/** DELETE /api/admin/editors/{editorId}/photo. */
export const removeEditorPhoto = (editorId: string) => reviewsApi.removeEditorPhoto(editorId);
