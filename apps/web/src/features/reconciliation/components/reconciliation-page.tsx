import { useState } from 'react';
import { CircleCheck } from 'lucide-react';
import {
  RECONCILIATION_FINDING_LABELS,
  type ReconciliationFindingKind,
} from '@cutroom/contracts/reconciliation';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { ResponsiveList } from '../../../components/ui/responsive-list';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useReconciliation } from '../api/get-reconciliation';
import { findingsLayout } from './findings-layout';
import { KindFilter } from './kind-filter';
import { LastRun } from './last-run';

export const RECONCILIATION_LOAD_FAILED = 'Failed to load the reconciliation findings.';
export const NOTHING_TO_RECONCILE = 'Nothing to reconcile: our records match the gateway.';
export const MORE_FAILED = 'More findings could not be loaded. Please try again.';

/**
 * /admin/reconciliation (issue 24): the background job's last run with Run now, and every mismatch it
 * found between our records and the gateway's, newest first: what was found and what was done.
 */
export default function ReconciliationPage() {
  const [kind, setKind] = useState<ReconciliationFindingKind | undefined>();
  const list = useReconciliation(kind);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const lastRun = list.data ? list.data.pages[0]!.lastRun : undefined;

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">Reconciliation</h1>
        <p className="mt-1 max-w-2xl text-sm text-slate-600">
          Payments, refunds and payouts checked against the payment gateway. Each mismatch says what was found
          and what was done about it.
        </p>
      </header>

      <LastRun lastRun={lastRun} />

      <section aria-labelledby="reconciliation-findings-title" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3 sm:items-center">
          <h2 id="reconciliation-findings-title" className="text-lg font-bold text-slate-900">
            Findings
          </h2>
          <KindFilter kind={kind} onChange={setKind} />
        </div>
        {list.isPending ? (
          <Spinner label="Loading findings..." />
        ) : list.isError && !list.data ? (
          <LoadError message={RECONCILIATION_LOAD_FAILED} onRetry={() => void list.refetch()} />
        ) : items.length === 0 ? (
          <Card className="flex flex-col items-center gap-3 px-6 py-10 text-center">
            <CircleCheck className="size-10 text-emerald-600" aria-hidden />
            <p className="font-semibold text-slate-900">
              {kind ? `No “${RECONCILIATION_FINDING_LABELS[kind]}” findings.` : NOTHING_TO_RECONCILE}
            </p>
            {kind && (
              <Button variant="secondary" size="sm" onClick={() => setKind(undefined)}>
                Show all kinds
              </Button>
            )}
          </Card>
        ) : (
          <div
            className={cn('space-y-4', list.isPlaceholderData && 'opacity-60')}
            aria-busy={list.isPlaceholderData}
          >
            {/* CSS shows one of the two: below xl the admin content box is too narrow for the table. */}
            <ResponsiveList from="xl" items={items} {...findingsLayout} />
            {list.isFetchNextPageError && (
              <p role="alert" className="text-center text-sm font-medium text-red-700">
                {MORE_FAILED}
              </p>
            )}
            {list.hasNextPage && (
              <div className="text-center">
                <Button
                  variant="secondary"
                  onClick={() => void list.fetchNextPage()}
                  disabled={list.isFetchingNextPage}
                >
                  {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
                </Button>
              </div>
            )}
          </div>
        )}
      </section>
    </div>
  );
}
