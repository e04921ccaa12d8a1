import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { REVIEWS_PAGE_SIZE } from '@cutroom/contracts/reviews';
import { useSession } from '../../../lib/auth/session';
import { renderingOnServer } from '../../../lib/server-render';
import { reviewsApi, reviewsKey } from './reviews-api';

/** GET /api/users/editors/{editorId}/reviews: an editor's visible reviews, newest first, with the summary. */
export const getEditorReviews = (editorId: string, page: number, signal?: AbortSignal) =>
  reviewsApi.forEditor(editorId, page, REVIEWS_PAGE_SIZE, signal);

/** Every viewer's copy of an editor's reviews is under this key (under ['reviews']). */
export const getEditorReviewsQueryKey = (editorId: string) => [...reviewsKey, 'editor', editorId] as const;

/** `viewerId`: `canReply` depends on who asks, so each viewer has their own copy. */
export const getEditorReviewsQueryOptions = (editorId: string, viewerId: string | null) =>
  infiniteQueryOptions({
    queryKey: [...getEditorReviewsQueryKey(editorId), viewerId],
    queryFn: ({ pageParam, signal }) => getEditorReviews(editorId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });

/**
 * An editor's visible reviews, newest first, a page at a time. The viewer is part of the key: `canReply`
 * depends on who asks, so a login or logout must not show another person's answer. It waits for the
 * session, or the first answer would be the logged-out one and be asked again at once. A server-rendered
 * page is the logged-out one: the server asks for it, and a visitor's browser finds it in the page.
 */
export function useEditorReviews(editorId: string) {
  const { user, loading } = useSession();
  return useInfiniteQuery({
    ...getEditorReviewsQueryOptions(editorId, user?._id ?? null),
    enabled: !loading || renderingOnServer,
  });
}
