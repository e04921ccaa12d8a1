import { formatPayoutRupees } from '@cutroom/contracts/payouts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { asSentence } from '../utils/format';
import { SettlementFacts } from '../components/settlements-list';
import { SettlementStatusBadge } from '../components/status-badges';
import { useSettlements } from '../api/get-settlements';
import { LoadError } from '../../../components/ui/load-error';

/** Every editor's settlements as the gateway reported them, newest first, with the bank's reference. */
export function SettlementsSection({ enabled }: { enabled: boolean }) {
  const list = useSettlements(enabled);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <section aria-labelledby="payouts-settlements-title" className="space-y-3">
      <h2 id="payouts-settlements-title" className="text-lg font-bold text-slate-900">
        Settlements
      </h2>
      {list.isPending ? (
        <Spinner label="Loading settlements..." />
      ) : list.isError && !list.data ? (
        <LoadError message="Failed to load the settlements." onRetry={() => list.refetch()} />
      ) : items.length === 0 ? (
        <Card className="p-4 text-sm text-slate-600">No settlements yet.</Card>
      ) : (
        <>
          <ul
            aria-label="Settlements"
            className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white"
          >
            {items.map((s) => {
              return (
                <li key={s.id} className="space-y-1 px-4 py-3 text-sm">
                  <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
                    <span className="min-w-0 font-semibold break-words text-slate-900">
                      {s.editor.username ?? s.editor.name}{' '}
                      <span className="font-normal text-slate-500 tabular-nums">
                        {formatPayoutRupees(s.amount)}
                      </span>
                    </span>
                    <SettlementStatusBadge status={s.status} />
                  </div>
                  <SettlementFacts settlement={s}>
                    <span className="break-all">
                      Vendor <span className="font-mono text-slate-700">{s.vendorId}</span>
                    </span>
                  </SettlementFacts>
                  {s.reason && (s.status === 'FAILED' || s.status === 'REVERSED') && (
                    <p className="break-words text-red-700">{asSentence(s.reason)}</p>
                  )}
                </li>
              );
            })}
          </ul>
          {list.hasNextPage && (
            <div className="text-center">
              <Button
                variant="secondary"
                onClick={() => list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
              >
                {list.isFetchingNextPage ? 'Loading...' : 'Show more settlements'}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
