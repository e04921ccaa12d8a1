import { ShieldCheck } from 'lucide-react';
import {
  REFUSAL_PLACE_LABELS,
  REPEAT_OFFENDER_MIN_REFUSALS,
  type RepeatOffender,
} from '@cutroom/contracts/moderation';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CardList } from '../../../components/ui/responsive-list';
import { Spinner } from '../../../components/ui/spinner';
import type { useRepeatOffenders } from '../api/get-repeat-offenders';

const when = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
const attempts = (n: number) => `${n} refused ${n === 1 ? 'attempt' : 'attempts'}`;

/** One person who keeps trying: how often, where, and what the detector saw (never the refused text). */
function OffenderCard({ offender }: { offender: RepeatOffender }) {
  const { person } = offender;
  return (
    <Card className="space-y-3 p-4 sm:p-5" data-testid="repeat-offender">
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 font-semibold break-words text-slate-900">{person.username}</p>
        <Badge tone="grey">{person.role}</Badge>
        <Badge tone="red" className="ml-auto">
          {attempts(offender.refusals)}
        </Badge>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm text-slate-600 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-500">Last 7 days</dt>
        <dd>{attempts(offender.lastWeek)}</dd>
        <dt className="font-medium text-slate-500">Latest</dt>
        <dd>
          <time dateTime={offender.lastAt}>{when.format(new Date(offender.lastAt))}</time>
        </dd>
        <dt className="font-medium text-slate-500">Where</dt>
        <dd className="min-w-0 break-words">
          {offender.places.map((p) => `${REFUSAL_PLACE_LABELS[p.place]} (${p.count})`).join(', ')}
        </dd>
      </dl>
      <div>
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Latest attempts</p>
        <ul className="mt-1.5 divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
          {offender.recent.map((r, i) => (
            <li key={i} className="px-3 py-2 text-sm">
              <p className="font-medium break-words text-slate-800">{r.reason}</p>
              <p className="mt-0.5 flex flex-wrap justify-between gap-x-3 text-xs text-slate-500">
                <span>{REFUSAL_PLACE_LABELS[r.place]}</span>
                <time dateTime={r.createdAt}>{when.format(new Date(r.createdAt))}</time>
              </p>
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}

/**
 * Admin › Moderation › Repeat offenders: refused texts never reach anyone, so the queue never shows them;
 * this list does — the people refused at least REPEAT_OFFENDER_MIN_REFUSALS times, most attempts first.
 */
export function RepeatOffenders({ query }: { query: ReturnType<typeof useRepeatOffenders> }) {
  if (query.isPending) return <Spinner label="Loading repeat offenders..." />;
  if (query.isError && !query.data) {
    return (
      <div
        role="alert"
        className="flex flex-col items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-6 text-red-700"
      >
        <p className="font-semibold">Could not load the repeat offenders</p>
        <Button variant="secondary" size="sm" onClick={() => query.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  const offenders = query.data?.data ?? [];
  if (offenders.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
        <ShieldCheck className="size-10 text-slate-400" aria-hidden />
        <p className="mt-3 font-semibold text-slate-900">No repeat offenders</p>
        <p className="mt-1 text-sm text-slate-500">
          People whose contact details were refused {REPEAT_OFFENDER_MIN_REFUSALS} times or more appear here.
        </p>
      </div>
    );
  }
  return (
    <CardList
      items={offenders}
      label="Repeat offenders"
      itemKey={(o) => o.person._id}
      cardListClassName="grid gap-4 xl:grid-cols-2"
      card={(o) => <OffenderCard offender={o} />}
    />
  );
}
