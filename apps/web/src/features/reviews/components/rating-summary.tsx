import { wholePercent } from '@cutroom/contracts/money';
import { formatRating, type RatingSummary } from '@cutroom/contracts/reviews';
import { Stars } from './stars';

const STAR_ROWS = [5, 4, 3, 2, 1] as const;

/** The sub-ratings a creator may give, as the review form names them. */
export const SUB_RATINGS = [
  { key: 'communication', label: 'Communication' },
  { key: 'quality', label: 'Quality' },
  { key: 'onTime', label: 'Delivery on time' },
] as const;

const reviewsWord = (n: number) => `${n.toLocaleString('en-IN')} ${n === 1 ? 'review' : 'reviews'}`;

/**
 * The average, how many reviews, how they spread over 5 to 1 stars, and the sub-rating averages. Every
 * bar also says its numbers in words, for people who cannot see the bars.
 */
export function RatingSummaryPanel({ summary }: { summary: RatingSummary }) {
  const byStars = new Map(summary.distribution.map((d) => [d.stars, d.count]));
  const subs = SUB_RATINGS.flatMap(({ key, label }) => {
    const value = summary[key];
    return value === null ? [] : [{ key, label, value }];
  });

  return (
    <div className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      {summary.average !== null && (
        <div className="flex items-center gap-3">
          <p className="text-4xl font-extrabold text-slate-900">
            {formatRating(summary.average)}
            <span className="sr-only"> out of 5</span>
          </p>
          <div>
            <Stars value={summary.average} size={18} />
            <p className="text-sm text-slate-600">{reviewsWord(summary.count)}</p>
          </div>
        </div>
      )}

      <ul className="space-y-1.5" aria-label="Reviews by stars">
        {STAR_ROWS.map((stars) => {
          const count = byStars.get(stars) ?? 0;
          const share = summary.count > 0 ? wholePercent(count / summary.count) : 0;
          return (
            <li key={stars} className="flex items-center gap-2 text-sm">
              <span className="sr-only">
                {stars} {stars === 1 ? 'star' : 'stars'}: {reviewsWord(count)} ({share}%)
              </span>
              <span aria-hidden className="w-10 shrink-0 text-slate-600">
                {stars} ★
              </span>
              <span aria-hidden className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-slate-100">
                <span className="block h-full rounded-full bg-amber-400" style={{ width: `${share}%` }} />
              </span>
              <span aria-hidden className="w-8 shrink-0 text-right text-slate-500 tabular-nums">
                {count}
              </span>
            </li>
          );
        })}
      </ul>

      {subs.length > 0 && (
        <dl className="space-y-1.5 border-t border-slate-100 pt-4 text-sm">
          {subs.map(({ key, label, value }) => (
            <div key={key} className="flex items-center justify-between gap-3">
              <dt className="text-slate-600">{label}</dt>
              <dd className="flex items-center gap-1.5">
                <Stars value={value} size={14} />
                <span className="font-semibold text-slate-900">{formatRating(value)}</span>
                <span className="sr-only"> out of 5</span>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
