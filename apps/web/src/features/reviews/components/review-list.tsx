import type { Review } from '@cutroom/contracts/reviews';
import { ReplyForm, replyBlockId } from './reply-form';
import { SUB_RATINGS } from './rating-summary';
import { Stars } from './stars';

const day = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });

/** One review: stars, who (their anonymous handle), for which order, when, the words, and the reply. */
export function ReviewItem({
  review: r,
  editorId,
  editorName,
}: {
  review: Review;
  editorId: string;
  editorName: string;
}) {
  const subs = SUB_RATINGS.filter(({ key }) => r[key] !== null);
  return (
    <article className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars value={r.rating} />
        <span className="sr-only">Rated {r.rating} out of 5 by</span>
        <h3 className="min-w-0 font-semibold break-words text-slate-900">{r.author}</h3>
        <time className="ml-auto text-xs text-slate-500" dateTime={r.createdAt}>
          {day.format(new Date(r.createdAt))}
        </time>
      </header>
      <p className="text-xs break-words text-slate-500">Order: {r.orderTitle}</p>
      {subs.length > 0 && (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-label="Ratings by aspect">
          {subs.map(({ key, label }) => (
            <li key={key}>
              {label}: <span className="font-semibold text-slate-800">{r[key]}</span>/5
            </li>
          ))}
        </ul>
      )}
      {r.text && <p className="text-sm break-words whitespace-pre-wrap text-slate-700">{r.text}</p>}
      {r.reply !== null ? (
        <div
          id={replyBlockId(r._id)}
          tabIndex={-1}
          className="mt-3 rounded-lg border-l-4 border-brand-200 bg-slate-50 p-3 text-sm"
        >
          <p className="font-semibold break-words text-slate-900">Response from {editorName}</p>
          <p className="mt-1 break-words whitespace-pre-wrap text-slate-700">{r.reply}</p>
        </div>
      ) : (
        r.canReply && <ReplyForm review={r} editorId={editorId} />
      )}
    </article>
  );
}

/** The reviews, newest first (the server's order). */
export function ReviewList({
  reviews,
  editorId,
  editorName,
}: {
  reviews: Review[];
  editorId: string;
  editorName: string;
}) {
  return (
    <ol className="space-y-4" aria-label="Reviews, newest first">
      {reviews.map((r) => (
        <li key={r._id}>
          <ReviewItem review={r} editorId={editorId} editorName={editorName} />
        </li>
      ))}
    </ol>
  );
}
