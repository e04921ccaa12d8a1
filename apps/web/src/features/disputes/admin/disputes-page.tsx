import { useCallback, useState } from 'react';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { Scale } from 'lucide-react';
import { DISPUTE_DEFAULTS } from '@cutroom/contracts/disputes';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ResponsiveList } from '../../../components/ui/responsive-list';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import { ProtectedRoute } from '../../../lib/auth/protected-route';
import { useSession } from '../../../lib/auth/session';
import { adminDisputesKey, useAdminDisputes } from '../api/get-admin-disputes';
import { useDisputeUpdates } from '../hooks/use-dispute-updates';
import { queueLayout } from './queue-layout';

const PAGE_SIZE = 20;

type Status = 'open' | 'closed';

/** Admin › Disputes: the queue of open disputes, oldest first, and the closed ones; each opens its case. */
export default function DisputesPage() {
  return (
    <ProtectedRoute roles={['admin']}>
      <Disputes />
    </ProtectedRoute>
  );
}

function Disputes() {
  const queryClient = useQueryClient();
  // Every dispute change reaches admins: the queue follows it live.
  const onUpdate = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: adminDisputesKey }),
    [queryClient],
  );
  useDisputeUpdates(onUpdate);

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">Disputes</h1>
        <p className="mt-1 text-sm text-slate-600">
          Open disputes, oldest first. A dispute sent to Cutroom support is overdue when it waits more than{' '}
          {DISPUTE_DEFAULTS.decisionHours} hours for a decision.
        </p>
      </header>
      <Tabs
        tabs={[
          { value: 'open', label: 'Open', content: <Queue status="open" /> },
          { value: 'closed', label: 'Closed', content: <Queue status="closed" /> },
        ]}
      />
    </div>
  );
}

/** One tab's cases, page by page (only the active tab mounts, so only it fetches). */
function Queue({ status }: { status: Status }) {
  const { user } = useSession();
  const [page, setPage] = useState(1);
  const list = useAdminDisputes(
    { status, page, limit: PAGE_SIZE },
    // Admin pages fetch only for admins (SPEC.md §6).
    { enabled: user?.role === 'admin', placeholderData: keepPreviousData, staleTime: 0 },
  );

  if (list.isPending) return <Spinner label="Loading disputes..." />;
  if (list.isError) {
    return (
      <Card className="border-red-200 bg-red-50 p-6 text-center">
        <p role="alert" className="font-medium text-red-700">
          Failed to load disputes.
        </p>
        <Button variant="secondary" className="mt-4" onClick={() => list.refetch()}>
          Try Again
        </Button>
      </Card>
    );
  }
  const { data: rows, total, limit } = list.data;
  if (rows.length === 0) {
    return (
      <Card className="flex flex-col items-center px-6 py-12 text-center">
        <Scale className="size-10 text-slate-400" aria-hidden />
        <p className="mt-3 font-semibold text-slate-900">
          {status === 'open' ? 'No open disputes' : 'No closed disputes yet'}
        </p>
      </Card>
    );
  }
  const pages = Math.max(1, Math.ceil(total / limit));

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600" aria-live="polite">
        {total} {status} {total === 1 ? 'dispute' : 'disputes'}
        {status === 'open' ? ', oldest first' : ', newest first'}
      </p>
      {/* CSS shows one of the two: the table fits the admin content box only from xl on. */}
      <ResponsiveList from="xl" items={rows} {...queueLayout} />
      {pages > 1 && (
        <nav aria-label="Pages" className="flex items-center justify-between gap-4 text-sm text-slate-600">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setPage((p) => p - 1)}
            disabled={page <= 1 || list.isFetching}
          >
            Previous
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setPage((p) => p + 1)}
            disabled={page >= pages || list.isFetching}
          >
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}
