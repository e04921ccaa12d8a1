import { lazy, Suspense } from 'react';
import { formatRupees } from '@cutroom/contracts/money';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/auth/session';
import { TaxThisMonthCard } from '../../tax';
import { useDashboard } from '../api/get-dashboard';
import { AttentionCards } from './attention-cards';
import { DailyTable } from './daily-table';
import { OrdersByStatus } from './orders-by-status';

/** Recharts is this page's alone: its own chunk, fetched once there is something to draw. */
const DailyChart = lazy(() => import('./daily-chart'));

export const DASHBOARD_LOAD_FAILED = 'Failed to load the dashboard.';

/** /admin/dashboard: the marketplace's figures, what waits for an admin, and money per day. */
export default function DashboardHome() {
  const { user } = useSession();
  const dashboard = useDashboard();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">Admin Dashboard</h1>
        <p className="mt-1 text-sm text-slate-500">
          Signed in as <span className="font-semibold text-slate-700">{user?.username}</span>. Run the
          marketplace from here.
        </p>
      </div>
      {dashboard.isPending ? (
        <Spinner label="Loading dashboard..." />
      ) : dashboard.isError ? (
        <LoadError message={DASHBOARD_LOAD_FAILED} onRetry={() => void dashboard.refetch()} />
      ) : (
        <>
          <AttentionCards attention={dashboard.data.attention} />
          <TaxThisMonthCard />
          <Card className="min-w-0 p-4 sm:p-5">
            <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
              <h2 id="money-per-day" className="font-bold text-slate-900">
                Paid volume and commission, last 30 days
              </h2>
              <dl className="flex gap-6 text-sm">
                <div>
                  <dt className="text-slate-500">Paid volume</dt>
                  <dd className="text-lg font-bold text-slate-900 tabular-nums" data-testid="total-volume">
                    {formatRupees(dashboard.data.totals.volume)}
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-500">Commission</dt>
                  <dd
                    className="text-lg font-bold text-slate-900 tabular-nums"
                    data-testid="total-commission"
                  >
                    {formatRupees(dashboard.data.totals.commission)}
                  </dd>
                </div>
              </dl>
            </div>
            {dashboard.data.totals.volume === 0 && dashboard.data.totals.commission === 0 ? (
              <p className="mt-6 rounded-xl bg-slate-50 p-6 text-center text-sm text-slate-600">
                No payments in the last 30 days.
              </p>
            ) : (
              <figure className="mt-4" aria-labelledby="money-per-day">
                <Suspense
                  fallback={
                    <div className="grid h-72 place-items-center text-sm text-slate-500">
                      Loading chart...
                    </div>
                  }
                >
                  <DailyChart days={dashboard.data.daily} />
                </Suspense>
                <DailyTable days={dashboard.data.daily} />
              </figure>
            )}
          </Card>
          <OrdersByStatus rows={dashboard.data.ordersByStatus} />
        </>
      )}
    </div>
  );
}
