import { useState, type FormEvent } from 'react';
import { Search, Wallet, X } from 'lucide-react';
import type { AdminPayoutsPage } from '@cutroom/contracts/payouts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { ResponsiveList } from '../../../components/ui/responsive-list';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { ProtectedRoute } from '../../../lib/auth/protected-route';
import { useSession } from '../../../lib/auth/session';
import { formatSignedRupees } from '../utils/format';
import { usePayouts } from '../api/get-payouts';
import { ExportPanel } from './export-panel';
import { FailuresSection } from './failures-section';
import { payoutsLayout } from './payouts-layout';
import { SettlementsSection } from './settlements-section';
import { LoadError } from '../../../components/ui/load-error';

/** Admin › Payouts: editors' balances and settlements, failures to retry, and the CSV export. */
export default function PayoutsPage() {
  return (
    <ProtectedRoute roles={['admin']}>
      <Payouts />
    </ProtectedRoute>
  );
}

function Payouts() {
  const { user } = useSession();
  // Admin pages fetch only for admins (SPEC.md §6).
  const isAdmin = user?.role === 'admin';
  const [q, setQ] = useState('');
  const list = usePayouts(q, isAdmin);
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">Payouts</h1>
        <p className="mt-1 max-w-2xl text-sm text-slate-600">
          Editors’ shares of paid orders, split through the payment gateway and settled to their bank accounts
          or UPI ids. A negative available balance is a refund after payout being recovered.
        </p>
      </header>

      {list.data && <Totals totals={list.data.pages[0]!.totals} />}

      <section aria-labelledby="payouts-editors-title" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="payouts-editors-title" className="text-lg font-bold text-slate-900">
            Editors
          </h2>
          {/* Keyed by the applied search so Clear refills the box. */}
          <SearchForm key={q} applied={q} onSearch={setQ} />
        </div>
        {list.isPending ? (
          <Spinner label="Loading payouts..." />
        ) : list.isError && !list.data ? (
          <LoadError message="Failed to load payouts." onRetry={() => list.refetch()} />
        ) : rows.length === 0 ? (
          <Card className="flex flex-col items-center px-6 py-12 text-center">
            <Wallet className="size-10 text-slate-400" aria-hidden />
            <p className="mt-3 font-semibold text-slate-900">
              {q ? `No editor matches “${q}”` : 'No editors have earnings yet'}
            </p>
            {q && (
              <Button variant="secondary" size="sm" className="mt-4" onClick={() => setQ('')}>
                Clear search
              </Button>
            )}
          </Card>
        ) : (
          <div className={cn('space-y-4', list.isPlaceholderData && 'opacity-60')}>
            {/* CSS shows one of the two: below xl the admin content box is too narrow for the table. */}
            <ResponsiveList from="xl" items={rows} {...payoutsLayout} />
            {list.isFetchNextPageError && (
              <p role="alert" className="text-center text-sm font-medium text-red-700">
                More editors could not be loaded. Please try again.
              </p>
            )}
            {list.hasNextPage && (
              <div className="text-center">
                <Button
                  variant="secondary"
                  onClick={() => list.fetchNextPage()}
                  disabled={list.isFetchingNextPage}
                >
                  {list.isFetchingNextPage ? 'Loading...' : 'Show more'}
                </Button>
              </div>
            )}
          </div>
        )}
      </section>

      <FailuresSection enabled={isAdmin} />
      <SettlementsSection enabled={isAdmin} />
      <ExportPanel />
    </div>
  );
}

function Totals({ totals }: { totals: AdminPayoutsPage['totals'] }) {
  const items = [
    { label: 'Pending', amount: totals.pending },
    { label: 'Available', amount: totals.available },
    { label: 'Paid out', amount: totals.paidOut },
    { label: 'Commission', amount: totals.commission },
  ];
  return (
    <section aria-label="Totals">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {items.map((t) => (
          <Card key={t.label} className="min-w-0 p-4">
            <dt className="text-sm font-medium text-slate-600">{t.label}</dt>
            <dd
              className={cn(
                'mt-1 text-xl font-extrabold tracking-tight break-words tabular-nums',
                t.amount < 0 ? 'text-red-700' : 'text-slate-900',
              )}
            >
              {formatSignedRupees(t.amount)}
            </dd>
          </Card>
        ))}
      </dl>
    </section>
  );
}

function SearchForm({ applied, onSearch }: { applied: string; onSearch: (q: string) => void }) {
  const [draft, setDraft] = useState(applied);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(draft.trim().slice(0, 100));
  };
  return (
    <form role="search" onSubmit={submit} className="flex w-full max-w-md min-w-0 gap-2">
      <label htmlFor="payouts-q" className="sr-only">
        Editor name or username
      </label>
      <Input
        id="payouts-q"
        type="search"
        placeholder="Editor name or username"
        maxLength={100}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        className="min-w-0 flex-1"
      />
      <Button type="submit" variant="secondary">
        <Search className="size-4" aria-hidden /> Search
      </Button>
      {applied && (
        <Button variant="ghost" onClick={() => onSearch('')} aria-label="Clear search">
          <X className="size-4" aria-hidden />
        </Button>
      )}
    </form>
  );
}
