import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { RefreshCw } from 'lucide-react';
import type { ReconciliationRun } from '@cutroom/contracts/reconciliation';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/dates';
import { reconciliationKey } from '../api/keys';
import { useRunReconciliation } from '../api/run-reconciliation';
import { checkedSummary, triggerText } from '../utils/format';

export const RUN_FAILED = 'Reconciliation could not be started. Please try again.';

/**
 * The last run (when, who started it, what it checked, its error) and Run now. `lastRun` is undefined
 * while the page loads or after it failed: Run now still works then.
 */
export function LastRun({ lastRun }: { lastRun: ReconciliationRun | null | undefined }) {
  const queryClient = useQueryClient();
  const run = useRunReconciliation({
    onSuccess: (reply) => toast.success(reply.message),
    // A 409 (a run under way) carries the server's message; a failure without one gets ours.
    onError: (err) => toast.error(errorMessage(err, RUN_FAILED)),
    // Either way the last run and the findings may have moved.
    onSettled: () => queryClient.invalidateQueries({ queryKey: reconciliationKey }),
  });
  const running = lastRun?.finishedAt === null;

  return (
    <Card className="flex flex-col gap-4 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-5">
      <section aria-labelledby="reconciliation-last-run" className="min-w-0 space-y-1.5">
        <h2 id="reconciliation-last-run" className="font-bold text-slate-900">
          Last run
        </h2>
        {lastRun === undefined ? (
          <p className="text-sm text-slate-500">Loading...</p>
        ) : lastRun === null ? (
          <p className="text-sm text-slate-600">
            Reconciliation has not run yet. It runs on a schedule and when the server starts.
          </p>
        ) : (
          <RunFacts run={lastRun} running={running} />
        )}
      </section>
      <Button
        className="shrink-0 self-start"
        onClick={() => run.mutate()}
        disabled={run.isPending || running}
        aria-busy={run.isPending}
      >
        <RefreshCw className={run.isPending || running ? 'size-4 animate-spin' : 'size-4'} aria-hidden />
        {run.isPending || running ? 'Running...' : 'Run now'}
      </Button>
    </Card>
  );
}

function RunFacts({ run, running }: { run: ReconciliationRun; running: boolean }) {
  return (
    <div className="space-y-1.5 text-sm" data-testid="reconciliation-last-run">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-700">
        <time dateTime={run.startedAt} className="font-medium text-slate-900">
          {formatDateTime(run.startedAt)}
        </time>
        <span aria-hidden className="text-slate-300">
          ·
        </span>
        <span>{triggerText(run.trigger)}</span>
        {running ? (
          <Badge tone="blue">Running</Badge>
        ) : run.error ? (
          <Badge tone="red">Failed</Badge>
        ) : (
          <Badge tone="green">Finished</Badge>
        )}
      </p>
      <p className="break-words text-slate-600">
        <span className="text-slate-500">Checked: </span>
        {checkedSummary(run.checked)}
        {!running && (
          <>
            {' · '}
            {run.findings === 0
              ? 'no mismatches'
              : `${run.findings} ${run.findings === 1 ? 'finding' : 'findings'}`}
          </>
        )}
      </p>
      {run.error && (
        <p className="rounded-xl bg-red-50 px-3 py-2 break-words text-red-800">
          <span className="font-semibold">The run failed: </span>
          {run.error}
        </p>
      )}
    </div>
  );
}
