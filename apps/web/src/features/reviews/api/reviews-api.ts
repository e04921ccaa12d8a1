import type {
  AdminReview,
  AdminReviewPage,
  EditorReviewsReply,
  Review,
  ReviewInput,
} from '@cutroom/contracts';
import { api } from '../../../lib/api';

const id = (v: string) => encodeURIComponent(v);

export type AdminReviewFilter = 'all' | 'visible' | 'hidden';

/**
 * Every reviews, badge and photo call of the API (docs/api.md, Reviews and track record): the one place
 * they reach the server (tests stub them here). Each call has a file beside this one with its query key,
 * options and hook.
 */
export const reviewsApi = {
  /** An editor's visible reviews, newest first, with the rating summary. */
  forEditor: (editorId: string, page: number, limit?: number, signal?: AbortSignal) =>
    api.get<EditorReviewsReply>(
      `/users/editors/${id(editorId)}/reviews?page=${page}${limit ? `&limit=${limit}` : ''}`,
      { signal },
    ),
  /** The creator reviews their completed order (once, within 30 days of completion). */
  create: (orderId: string, body: ReviewInput) =>
    api.post<{ message: string; data: Review }>(`/orders/${id(orderId)}/review`, body),
  /** The reviewed editor's one public reply. */
  reply: (reviewId: string, reply: string) =>
    api.post<{ message: string; data: Review }>(`/reviews/${id(reviewId)}/reply`, { reply }),
  adminList: (status: AdminReviewFilter, page: number, limit?: number) =>
    api.get<AdminReviewPage>(`/admin/reviews?status=${status}&page=${page}${limit ? `&limit=${limit}` : ''}`),
  hide: (reviewId: string, reason: string) =>
    api.post<{ message: string; data: AdminReview }>(`/admin/reviews/${id(reviewId)}/hide`, { reason }),
  unhide: (reviewId: string, reason: string) =>
    api.post<{ message: string; data: AdminReview }>(`/admin/reviews/${id(reviewId)}/unhide`, { reason }),
  setVerified: (editorId: string, verified: boolean) =>
    api.post<{ message: string; data: { verified: boolean } }>(`/admin/editors/${id(editorId)}/verified`, {
      verified,
    }),
  /** Multipart with one field `photo` (JPEG, PNG or WebP, up to 10 MB): an admin for any editor. */
  uploadEditorPhoto: (editorId: string, photo: File) => {
    const form = new FormData();
    form.append('photo', photo);
    return api.put<{ message: string; data: { photoUrl: string; photoThumbUrl: string } }>(
      `/admin/editors/${id(editorId)}/photo`,
      form,
    );
  },
  removeEditorPhoto: (editorId: string) =>
    api.delete<{ message: string }>(`/admin/editors/${id(editorId)}/photo`),
  /** The signed-in editor's own photo. */
  uploadOwnPhoto: (photo: File) => {
    const form = new FormData();
    form.append('photo', photo);
    return api.put<{ message: string; data: { photoUrl: string; photoThumbUrl: string } }>(
      '/profile/photo',
      form,
    );
  },
  removeOwnPhoto: () => api.delete<{ message: string }>('/profile/photo'),
};

/** The family of the public review queries: writing or moderating a review invalidates it whole. */
export const reviewsKey = ['reviews'] as const;
