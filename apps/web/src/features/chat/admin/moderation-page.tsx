import { useState } from 'react';
import { RefreshCw, ShieldCheck } from 'lucide-react';
import { MODERATION_MESSAGES, type ModerationFlag } from '@cutroom/contracts/moderation';
import { Button } from '../../../components/ui/button';
import { CardList } from '../../../components/ui/responsive-list';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useSession } from '../../../lib/auth/session';
import { useFlagAction } from '../api/act-on-flag';
import { useModerationQueue, type QueueView } from '../api/get-moderation-flags';
import { useRepeatOffenders } from '../api/get-repeat-offenders';
import { FlagCard } from './flag-card';
import { RepeatOffenders } from './repeat-offenders';
import { useLiveModeration } from '../hooks/use-live-moderation';

/** Each flag once, in the order the pages came (newest first). */
const flagsOf = (pages: { data: ModerationFlag[] }[]) => [
  ...new Map(pages.flatMap((p) => p.data).map((f) => [f._id, f])).values(),
];

type View = QueueView | 'offenders';
const VIEW_LABELS: Record<View, string> = {
  open: 'Open',
  resolved: 'Handled',
  offenders: 'Repeat offenders',
};

/**
 * Admin › Moderation: what the contact-detail check delivered but found suspicious (certain contact
 * details never reach the chat). Dismiss, remove the message, or freeze the room. The repeat offenders
 * tab lists the people whose texts were refused again and again.
 */
export default function ModerationPage() {
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  const [view, setView] = useState<View>('open');
  const offendersView = view === 'offenders';
  const queue = useModerationQueue(offendersView ? 'open' : view, { enabled: isAdmin });
  const offenders = useRepeatOffenders({ enabled: isAdmin && offendersView });
  const shown = offendersView ? offenders : queue;
  const openQueue = useModerationQueue('open', { enabled: isAdmin });
  useLiveModeration(isAdmin);
  const action = useFlagAction();

  if (!isAdmin) return null;

  const flags = queue.data ? flagsOf(queue.data.pages) : [];
  const openCount = openQueue.data?.pages[0]?.openCount;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">Moderation</h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-500">
            {offendersView
              ? 'People whose texts were refused for contact details again and again. The refused texts are never kept: only where, when and what was found.'
              : 'Messages, offers and notes that may carry contact details. Certain ones were refused before they reached anyone; these were delivered and wait for a decision.'}
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => shown.refetch()}
          disabled={shown.isFetching}
          aria-label={offendersView ? 'Refresh the repeat offenders' : 'Refresh the moderation queue'}
        >
          <RefreshCw className={shown.isFetching ? 'size-4 animate-spin' : 'size-4'} aria-hidden /> Refresh
        </Button>
      </div>

      <div
        role="group"
        aria-label="Which flags"
        className="inline-flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1"
      >
        {(['open', 'resolved', 'offenders'] as const).map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={view === v}
            onClick={() => setView(v)}
            className={cn(
              'rounded-lg px-3 py-1.5 text-sm font-medium text-slate-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
              view === v && 'bg-white text-slate-900 shadow-sm',
            )}
          >
            {v === 'open' && openCount !== undefined ? `Open (${openCount})` : VIEW_LABELS[v]}
          </button>
        ))}
      </div>

      {offendersView ? (
        <RepeatOffenders query={offenders} />
      ) : queue.isPending ? (
        <Spinner label="Loading the moderation queue..." />
      ) : queue.isError && !queue.data ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-6 text-red-700"
        >
          <p className="font-semibold">{MODERATION_MESSAGES.loadFailed}</p>
          <Button variant="secondary" size="sm" onClick={() => queue.refetch()}>
            Try Again
          </Button>
        </div>
      ) : flags.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
          <ShieldCheck className="size-10 text-slate-400" aria-hidden />
          <p className="mt-3 font-semibold text-slate-900">
            {view === 'open' ? 'Nothing waiting for review' : 'No flags handled yet'}
          </p>
          <p className="mt-1 text-sm text-slate-500">
            {view === 'open'
              ? 'New flags appear here as they are filed.'
              : 'Dismissed flags and the ones acted on are kept here.'}
          </p>
        </div>
      ) : (
        <>
          <CardList
            items={flags}
            label={view === 'open' ? 'Open flags' : 'Handled flags'}
            itemKey={(f) => f._id}
            cardListClassName="grid gap-4 xl:grid-cols-2"
            card={(f) => (
              <FlagCard
                flag={f}
                busy={action.isPending && action.variables?.id === f._id}
                onAct={(a) => action.mutate({ id: f._id, action: a })}
              />
            )}
          />
          {queue.hasNextPage && (
            <div className="flex justify-center">
              <Button
                variant="secondary"
                onClick={() => queue.fetchNextPage()}
                disabled={queue.isFetchingNextPage}
              >
                {queue.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
