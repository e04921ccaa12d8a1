import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { CircleCheck, RotateCcw } from 'lucide-react';
import type { PayoutFailure, PayoutFailureKind } from '@cutroom/contracts/payouts';
import { formatPayoutRupees } from '@cutroom/contracts/payouts';
import { Badge } from '../../../components/ui/badge';
import { CardList } from '../../../components/ui/responsive-list';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { formatEarningTime } from '../utils/format';
import { usePayoutFailures } from '../api/get-payout-failures';
import { adminPayoutsKey } from '../api/keys';
import { useRetryPayout } from '../api/retry-payout';
import { FAILURES_SECTION_ID } from './payout-cells';
import { LoadError } from '../../../components/ui/load-error';

export const RETRY_FAILED = 'The retry could not be started. Please try again.';

const KINDS: Record<PayoutFailureKind, { label: string; what: string }> = {
  vendor: { label: 'Vendor account', what: 'The editor’s account at the gateway could not be set up.' },
  split: { label: 'Order split', what: 'The editor’s share of an order was not split to them.' },
  settlement: { label: 'Settlement', what: 'A transfer to the editor’s bank account or UPI id failed.' },
  adjustment: {
    label: 'Adjustment',
    what: 'Recovering a refund made after payout from the editor’s earnings failed.',
  },
};

/** Splits, settlements, vendor accounts and adjustments the gateway refused, each with Retry. */
export function FailuresSection({ enabled }: { enabled: boolean }) {
  const failures = usePayoutFailures(enabled);

  return (
    <section aria-labelledby={`${FAILURES_SECTION_ID}-title`} id={FAILURES_SECTION_ID} className="space-y-3">
      <h2 id={`${FAILURES_SECTION_ID}-title`} className="text-lg font-bold text-slate-900">
        Failures
      </h2>
      {failures.isPending ? (
        <Spinner label="Loading failures..." />
      ) : failures.isError && !failures.data ? (
        <LoadError message="Failed to load the payout failures." onRetry={() => failures.refetch()} />
      ) : failures.data.items.length === 0 ? (
        <Card className="flex items-center gap-2 p-4 text-sm text-slate-600">
          <CircleCheck className="size-5 text-emerald-600" aria-hidden /> Nothing is waiting for a retry.
        </Card>
      ) : (
        <CardList
          items={failures.data.items}
          label="Payout failures"
          itemKey={(f) => `${f.kind}-${f.id}`}
          cardListClassName="grid gap-3 xl:grid-cols-2"
          cardItemProps={() => ({ className: 'min-w-0' })}
          card={(f) => <FailureCard failure={f} />}
        />
      )}
    </section>
  );
}

function FailureCard({ failure: f }: { failure: PayoutFailure }) {
  const queryClient = useQueryClient();
  const kind = KINDS[f.kind];
  const retry = useRetryPayout(f.kind, f.id, {
    onSuccess: (reply) => toast.success(reply.message),
    onError: (err) => toast.error(errorMessage(err, RETRY_FAILED)),
    // Both the failures and the editors' balances and last settlements may have moved.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPayoutsKey }),
  });
  const who = f.editor.username ? `${f.editor.name} (@${f.editor.username})` : f.editor.name;
  return (
    <Card className="flex h-full flex-col gap-3 p-4" data-testid="payout-failure">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900">{who}</p>
          <p className="text-xs text-slate-500">
            <time dateTime={f.at}>{formatEarningTime(f.at)}</time>
          </p>
        </div>
        <Badge tone="red">{kind.label}</Badge>
      </div>
      <p className="text-sm text-slate-600">{kind.what}</p>
      {(f.orderReference || f.amount !== null) && (
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          {f.orderReference && (
            <div>
              <dt className="inline text-slate-500">Order </dt>
              <dd className="inline font-medium text-slate-900">{f.orderReference}</dd>
            </div>
          )}
          {f.amount !== null && (
            <div>
              <dt className="inline text-slate-500">Amount </dt>
              <dd className="inline font-medium text-slate-900 tabular-nums">
                {formatPayoutRupees(f.amount)}
              </dd>
            </div>
          )}
        </dl>
      )}
      <p className="rounded-xl bg-red-50 px-3 py-2 text-sm break-words text-red-800">
        <span className="font-semibold">The gateway said: </span>
        {f.reason}
      </p>
      <div className="mt-auto border-t border-slate-100 pt-3">
        <Button
          size="sm"
          variant="secondary"
          onClick={() => retry.mutate()}
          disabled={retry.isPending}
          aria-busy={retry.isPending}
          aria-label={`Retry the ${kind.label.toLowerCase()} of ${f.editor.name}${f.orderReference ? ` for ${f.orderReference}` : ''}`}
        >
          <RotateCcw className={retry.isPending ? 'size-4 animate-spin' : 'size-4'} aria-hidden />
          {retry.isPending ? 'Retrying...' : 'Retry'}
        </Button>
      </div>
    </Card>
  );
}
