import type { Editor } from '@cutroom/contracts/portfolio';
import { responseTimeLabel } from '@cutroom/contracts/reviews';
import { daysLabel, memberSinceLabel, onTimePercent } from '../utils/track-record';

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The editor's record on Cutroom, on their portfolio page: each figure says what is not known yet. */
export function TrackRecordPanel({ editor }: { editor: Editor }) {
  const r = editor.trackRecord;
  if (!r) return null;
  const items: [string, string][] = [
    ['Completed orders', r.completedOrders === 0 ? 'None yet' : r.completedOrders.toLocaleString('en-IN')],
    ['On-time delivery', r.onTimeRate === null ? 'No orders yet' : onTimePercent(r.onTimeRate)],
    [
      'Typical response',
      r.responseMinutes === null ? 'Not enough chats yet' : capitalised(responseTimeLabel(r.responseMinutes)),
    ],
    ['Member since', memberSinceLabel(r.memberSince)],
    ['Disputes lost', r.disputesLost === 0 ? 'None' : r.disputesLost.toLocaleString('en-IN')],
  ];
  if (editor.fastestDays != null) items.push(['Fastest delivery', daysLabel(editor.fastestDays)]);

  return (
    <section className="mt-8" aria-labelledby="track-record-heading">
      <h2 id="track-record-heading" className="sr-only">
        Track record
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {items.map(([label, value]) => (
          <div key={label} className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="text-xs font-medium text-slate-500 sm:text-sm">{label}</dt>
            <dd className="mt-1 font-bold break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-slate-500">
        Completed orders are paid work delivered through Cutroom; on time means never past its due date (an
        extension the creator accepted moves the date). A dispute is lost when Cutroom support decides it with
        a refund to the creator.
      </p>
    </section>
  );
}
