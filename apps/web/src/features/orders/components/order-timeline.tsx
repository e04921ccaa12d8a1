import type { OrderActor, OrderEvent } from '@cutroom/contracts/orders';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { formatOrderDate } from '../utils/format';

const ACTOR_LABELS: Record<OrderActor, string> = {
  creator: 'Creator',
  editor: 'Editor',
  admin: 'Admin',
  system: 'Cutroom',
};
const ACTOR_TONES: Record<OrderActor, BadgeTone> = {
  creator: 'blue',
  editor: 'brand',
  admin: 'amber',
  system: 'grey',
};

/** Everything that happened to an order, oldest first: when, who, what, and any note left with it. */
export function OrderTimeline({ events }: { events: OrderEvent[] }) {
  if (events.length === 0) return <p className="text-sm text-slate-500">Nothing has happened yet.</p>;
  // Sorted here so the story reads the same whatever order the server sends it in.
  const sorted = [...events].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  return (
    <ol className="relative space-y-4 border-l border-slate-200 pl-5" aria-label="Order timeline">
      {sorted.map((e) => (
        <li key={e._id} className="relative">
          <span
            className="absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full bg-brand-500 ring-4 ring-white"
            aria-hidden
          />
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <time dateTime={e.createdAt} className="text-xs text-slate-500">
              {formatOrderDate(e.createdAt)}
            </time>
            <Badge tone={ACTOR_TONES[e.actor]}>{ACTOR_LABELS[e.actor]}</Badge>
          </div>
          <p className="mt-1 text-sm font-medium break-words text-slate-900">{e.summary}</p>
          {e.note && (
            <blockquote className="mt-1 rounded-lg bg-slate-50 px-3 py-2 text-sm break-words whitespace-pre-line text-slate-700">
              {e.note}
            </blockquote>
          )}
        </li>
      ))}
    </ol>
  );
}
