import { keepPreviousData } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { MessageSquareQuote, RefreshCw } from 'lucide-react';
import { ADMIN_REVIEW_FILTERS } from '@cutroom/contracts/reviews';
import { Button } from '../../../components/ui/button';
import { CardList } from '../../../components/ui/responsive-list';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { ProtectedRoute } from '../../../lib/auth/protected-route';
import { useSession } from '../../../lib/auth/session';
import type { AdminReviewFilter } from '../api/reviews-api';
import { useAdminReviews } from '../api/get-admin-reviews';
import { ADMIN_REVIEWS_TITLE_ID, AdminReviewCard } from './review-card';

export const ADMIN_REVIEWS_PAGE_SIZE = 10;

const FILTER_LABELS: Record<AdminReviewFilter, string> = { all: 'All', visible: 'Visible', hidden: 'Hidden' };
const EMPTY: Record<AdminReviewFilter, string> = {
  all: 'No reviews yet',
  visible: 'No visible reviews',
  hidden: 'No hidden reviews',
};

/** The filter and page live in the address, so a reload or a shared link shows the same list. */
function readParams(params: URLSearchParams): { status: AdminReviewFilter; page: number } {
  const s = params.get('status');
  const status = (ADMIN_REVIEW_FILTERS as readonly string[]).includes(s ?? '')
    ? (s as AdminReviewFilter)
    : 'all';
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  return { status, page };
}

/** Admin › Reviews: every review, newest first, to hide one (with a reason) or show it again. */
export default function AdminReviewsPage() {
  return (
    <ProtectedRoute roles={['admin']}>
      <AdminReviews />
    </ProtectedRoute>
  );
}

function AdminReviews() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const { status, page } = readParams(params);
  const list = useAdminReviews(status, page, ADMIN_REVIEWS_PAGE_SIZE, {
    // Admin pages fetch only for admins (SPEC.md §6).
    enabled: user?.role === 'admin',
    placeholderData: keepPreviousData,
  });
  const go = (next: { status: AdminReviewFilter; page: number }) => {
    const q = new URLSearchParams();
    if (next.status !== 'all') q.set('status', next.status);
    if (next.page > 1) q.set('page', String(next.page));
    setParams(q);
  };
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.limit)) : 1;

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1
            id={ADMIN_REVIEWS_TITLE_ID}
            tabIndex={-1}
            className="text-2xl font-extrabold tracking-tight text-slate-900 focus:outline-none"
          >
            Reviews
          </h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">
            What creators wrote about completed orders, newest first. Hide a review that breaks the rules; it
            then leaves the editor’s page and rating. Every change keeps its reason.
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => list.refetch()}
          disabled={list.isFetching}
          aria-label="Refresh the reviews"
        >
          <RefreshCw className={cn('size-4', list.isFetching && 'animate-spin')} aria-hidden /> Refresh
        </Button>
      </header>

      <div role="group" aria-label="Which reviews" className="inline-flex gap-1 rounded-xl bg-slate-100 p-1">
        {ADMIN_REVIEW_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={status === f}
            onClick={() => go({ status: f, page: 1 })}
            className={cn(
              'rounded-lg px-3 py-1.5 text-sm font-medium text-slate-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
              status === f && 'bg-white text-slate-900 shadow-sm',
            )}
          >
            {FILTER_LABELS[f]}
          </button>
        ))}
      </div>

      {list.isPending ? (
        <Spinner label="Loading reviews..." />
      ) : list.isError && !list.data ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-6 text-red-700"
        >
          <p className="font-semibold">Failed to load reviews.</p>
          <Button variant="secondary" size="sm" onClick={() => list.refetch()}>
            Try Again
          </Button>
        </div>
      ) : list.data.data.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
          <MessageSquareQuote className="size-10 text-slate-400" aria-hidden />
          <p className="mt-3 font-semibold text-slate-900">{EMPTY[status]}</p>
          <p className="mt-1 text-sm text-slate-500">
            {page > 1
              ? 'This page is past the end of the list.'
              : 'Creators can review an order within 30 days of its completion.'}
          </p>
          {page > 1 && (
            <Button variant="secondary" size="sm" className="mt-4" onClick={() => go({ status, page: 1 })}>
              Back to the first page
            </Button>
          )}
        </div>
      ) : (
        <>
          <p className="text-sm text-slate-500" aria-live="polite">
            {list.data.total} review{list.data.total === 1 ? '' : 's'}
          </p>
          <CardList
            items={list.data.data}
            label={`${FILTER_LABELS[status]} reviews`}
            itemKey={(r) => r._id}
            cardListClassName="grid gap-4 xl:grid-cols-2"
            cardItemProps={() => ({ className: 'min-w-0' })}
            card={(r) => <AdminReviewCard review={r} />}
          />
          {pages > 1 && (
            <nav
              aria-label="Pages"
              className="flex items-center justify-between gap-4 text-sm text-slate-600"
            >
              <Button
                variant="secondary"
                size="sm"
                onClick={() => go({ status, page: page - 1 })}
                disabled={page <= 1 || list.isFetching}
              >
                Previous
              </Button>
              <span>
                Page {page} of {pages}
              </span>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => go({ status, page: page + 1 })}
                disabled={!list.data.hasMore || list.isFetching}
              >
                Next
              </Button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
