import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { toast } from 'sonner';
import { REVIEWS_PAGE_SIZE, type EditorReviewsReply, type Review } from '@cutroom/contracts/reviews';
import { renderingOnServer } from '../../../lib/server-render';
import { useSession } from '../../../lib/auth/session';
import { reviewsApi } from '../api/reviews-api';

/** Under ['reviews'], which writing or moderating a review invalidates as a whole. */
export const editorReviewsKey = (editorId: string) => ['reviews', 'editor', editorId] as const;

/**
 * An editor's visible reviews, newest first, a page at a time. The viewer is part of the key: `canReply`
 * depends on who asks, so a login or logout must not show another person's answer. It waits for the
 * session, or the first answer would be the logged-out one and be asked again at once. A server-rendered
 * page is the logged-out one: the server asks for it, and a visitor's browser finds it in the page.
 */
export function useEditorReviews(editorId: string) {
  const { user, loading } = useSession();
  return useInfiniteQuery({
    queryKey: [...editorReviewsKey(editorId), user?._id ?? null],
    queryFn: ({ pageParam, signal }) => reviewsApi.forEditor(editorId, pageParam, REVIEWS_PAGE_SIZE, signal),
    enabled: !loading || renderingOnServer,
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
}

/**
 * The editor's one reply to a review. The review comes back with the reply: it is shown at once (so the
 * Reply button does not flash back), then the list is fetched again.
 */
export function useReplyToReview(editorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, reply }: { reviewId: string; reply: string }) =>
      reviewsApi.reply(reviewId, reply),
    onSuccess: ({ message, data }) => {
      toast.success(message);
      queryClient.setQueriesData<InfiniteData<EditorReviewsReply>>(
        { queryKey: editorReviewsKey(editorId) },
        (old) =>
          old && {
            ...old,
            pages: old.pages.map((p) => ({ ...p, data: p.data.map((r) => replaced(r, data)) })),
          },
      );
      return queryClient.invalidateQueries({ queryKey: editorReviewsKey(editorId) });
    },
  });
}

const replaced = (review: Review, updated: Review): Review =>
  review._id === updated._id ? { ...updated, canReply: false } : review;
