import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { EditorReviewsReply, Review } from '@cutroom/contracts/reviews';
import { getEditorReviewsQueryKey } from './get-editor-reviews';
import { reviewsApi } from './reviews-api';

/** POST /api/reviews/{reviewId}/reply: the reviewed editor's one public reply. */
export const replyToReview = (reviewId: string, reply: string) => reviewsApi.reply(reviewId, reply);

/**
 * The editor's one reply to a review. The review comes back with the reply: it is shown at once (so the
 * Reply button does not flash back), then the list is fetched again.
 */
export function useReplyToReview(editorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, reply }: { reviewId: string; reply: string }) => replyToReview(reviewId, reply),
    onSuccess: ({ message, data }) => {
      toast.success(message);
      queryClient.setQueriesData<InfiniteData<EditorReviewsReply>>(
        { queryKey: getEditorReviewsQueryKey(editorId) },
        (old) =>
          old && {
            ...old,
            pages: old.pages.map((p) => ({ ...p, data: p.data.map((r) => replaced(r, data)) })),
          },
      );
      return queryClient.invalidateQueries({ queryKey: getEditorReviewsQueryKey(editorId) });
    },
  });
}

const replaced = (review: Review, updated: Review): Review =>
  review._id === updated._id ? { ...updated, canReply: false } : review;
