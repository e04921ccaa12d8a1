import { useState } from 'react';
import { Link } from 'react-router';
import { Eye, EyeOff } from 'lucide-react';
import type { AdminReview, ReviewModerationEvent } from '@cutroom/contracts/reviews';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Stars } from '../components/stars';
import { useReturnFocus } from '../hooks/use-return-focus';
import { ModerateReviewDialog, type ModerationKind } from './moderate-review-dialog';

const when = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
const day = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });

const link =
  'font-semibold break-words text-brand-700 hover:underline focus-visible:rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** The page's heading, which takes the focus when a moderated review leaves the filtered list. */
export const ADMIN_REVIEWS_TITLE_ID = 'admin-reviews-title';

const SUB_RATINGS = [
  { key: 'communication', label: 'Communication' },
  { key: 'quality', label: 'Quality' },
  { key: 'onTime', label: 'On time' },
] as const;

function HistoryEntry({ event }: { event: ReviewModerationEvent }) {
  return (
    <li className="min-w-0 text-sm text-slate-600">
      <span className="font-medium text-slate-800">
        {event.action === 'hidden' ? 'Hidden' : 'Shown again'}
      </span>
      {' by '}
      {event.admin ?? 'a deleted admin'}
      {', '}
      <time dateTime={event.createdAt}>{when.format(new Date(event.createdAt))}</time>
      <span className="block break-words whitespace-pre-wrap text-slate-500">“{event.reason}”</span>
    </li>
  );
}

/**
 * One review as the admin moderates it: the stars and words, who wrote it about whom and for which order,
 * whether it is hidden and why, what admins did to it, and the one action open (Hide or Show again, each
 * asking for a reason). Stacks on a phone; every action stays in view.
 */
export function AdminReviewCard({ review: r }: { review: AdminReview }) {
  const [moderating, setModerating] = useState<ModerationKind | null>(null);
  const { ref: actionRef, restore } = useReturnFocus<HTMLButtonElement>();
  const titleId = `review-${r._id}`;
  const subs = SUB_RATINGS.filter(({ key }) => r[key] !== null);
  return (
    <article
      className="h-full space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      aria-labelledby={titleId}
      data-testid="admin-review"
      data-hidden={r.hidden}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h2 id={titleId} className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <Stars value={r.rating} />
          <span>
            {r.rating}
            <span className="sr-only"> out of 5 stars</span>
            <span aria-hidden> / 5</span>
          </span>
        </h2>
        {r.hidden ? <Badge tone="amber">Hidden</Badge> : <Badge tone="green">Visible</Badge>}
        <time className="ml-auto text-xs text-slate-500" dateTime={r.createdAt}>
          {day.format(new Date(r.createdAt))}
        </time>
      </div>

      {subs.length > 0 && (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-label="Ratings by aspect">
          {subs.map(({ key, label }) => (
            <li key={key}>
              {label}: <span className="font-semibold text-slate-800">{r[key]}</span>/5
            </li>
          ))}
        </ul>
      )}

      {r.text ? (
        <blockquote className="rounded-xl bg-slate-50 px-3.5 py-2.5 text-sm break-words whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200">
          {r.text}
        </blockquote>
      ) : (
        <p className="text-sm text-slate-500 italic">No text, stars only.</p>
      )}

      {r.reply && (
        <div className="border-l-2 border-brand-200 pl-3 text-sm">
          <p className="font-medium text-slate-700">
            Reply from {r.editor.username}
            {r.repliedAt && (
              <span className="font-normal text-slate-500">
                {' · '}
                <time dateTime={r.repliedAt}>{day.format(new Date(r.repliedAt))}</time>
              </span>
            )}
          </p>
          <p className="break-words whitespace-pre-wrap text-slate-700">{r.reply}</p>
        </div>
      )}

      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm text-slate-600">
        <dt className="font-medium text-slate-500">Editor</dt>
        <dd className="min-w-0">
          <Link to={`/admin/dashboard/edit-editor/${r.editor._id}`} className={link}>
            {r.editor.username}
          </Link>
        </dd>
        <dt className="font-medium text-slate-500">Creator</dt>
        <dd className="min-w-0 break-words">
          {r.creator.username}
          {r.author && r.author !== r.creator.username && (
            <span className="text-slate-500"> (shown as {r.author})</span>
          )}
        </dd>
        <dt className="font-medium text-slate-500">Order</dt>
        <dd className="min-w-0 break-words">
          <Link to={`/admin/dashboard/orders/${r.orderId}`} className={link}>
            {r.orderReference}
          </Link>
          {r.orderTitle && <span className="text-slate-500"> · {r.orderTitle}</span>}
        </dd>
      </dl>

      {r.hidden && (
        <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm break-words text-amber-900">
          <span className="font-semibold">Hidden: </span>
          {r.hiddenReason ?? 'no reason recorded'}
        </p>
      )}

      {r.history.length > 0 && (
        <section aria-labelledby={`${titleId}-history`} className="rounded-xl ring-1 ring-slate-200">
          <h3 id={`${titleId}-history`} className="px-3 pt-2 text-sm font-medium text-slate-700">
            History
          </h3>
          <ol className="space-y-2 px-3 pt-1 pb-3">
            {r.history.map((event, i) => (
              <HistoryEntry key={`${event.createdAt}-${i}`} event={event} />
            ))}
          </ol>
        </section>
      )}

      <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3">
        {/* One button that changes with the state, so the focus stays on it after the dialog. */}
        <Button
          ref={actionRef}
          variant={r.hidden ? 'secondary' : 'danger'}
          size="sm"
          aria-label={`${r.hidden ? 'Show again' : 'Hide'} the review of ${r.orderReference}`}
          onClick={() => setModerating(r.hidden ? 'unhide' : 'hide')}
        >
          {r.hidden ? <Eye className="size-4" aria-hidden /> : <EyeOff className="size-4" aria-hidden />}
          {r.hidden ? 'Show again' : 'Hide'}
        </Button>
      </div>

      {moderating && (
        <ModerateReviewDialog
          review={r}
          kind={moderating}
          onClose={() => {
            setModerating(null);
            // A review that left the filtered list takes its button along: the page's title gets the focus.
            restore(() => document.getElementById(ADMIN_REVIEWS_TITLE_ID));
          }}
        />
      )}
    </article>
  );
}
