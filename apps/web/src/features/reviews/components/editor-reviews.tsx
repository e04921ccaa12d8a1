import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { RatingSummaryPanel } from './rating-summary';
import { ReviewList } from './review-list';
import { useEditorReviews } from '../api/get-editor-reviews';

/** The Reviews section of /portfolio/{editorId}: the summary beside the reviews, more on request. */
export function EditorReviews({ editorId, editorName }: { editorId: string; editorName: string }) {
  const reviews = useEditorReviews(editorId);
  const pages = reviews.data?.pages ?? [];
  const list = pages.flatMap((p) => p.data);
  const summary = pages[0]?.summary;

  return (
    <section className="mt-10" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading" className="mb-4 text-lg font-bold text-slate-900">
        Reviews
      </h2>
      {reviews.isPending ? (
        <Spinner label="Loading reviews..." />
      ) : reviews.isError && list.length === 0 ? (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
          <p className="font-medium text-red-800">Failed to load reviews. Please try again.</p>
          <Button variant="danger" className="mt-4" onClick={() => reviews.refetch()}>
            Try Again
          </Button>
        </div>
      ) : !summary || list.length === 0 ? (
        <p className="rounded-2xl bg-white p-6 text-center text-slate-500 shadow-sm">No reviews yet</p>
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
          <RatingSummaryPanel summary={summary} />
          <div className="min-w-0">
            <ReviewList reviews={list} editorId={editorId} editorName={editorName} />
            {reviews.isFetchNextPageError && (
              <p role="alert" className="mt-4 text-center text-sm text-red-600">
                Could not load more reviews. Please try again.
              </p>
            )}
            {reviews.hasNextPage && (
              <div className="mt-6 text-center">
                <Button
                  variant="secondary"
                  onClick={() => reviews.fetchNextPage()}
                  disabled={reviews.isFetchingNextPage}
                >
                  {reviews.isFetchingNextPage ? 'Loading...' : 'Show more reviews'}
                </Button>
              </div>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
