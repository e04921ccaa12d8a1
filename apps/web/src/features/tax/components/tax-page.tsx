import { lazy, Suspense } from 'react';
import type { TaxMonth } from '@cutroom/contracts/tax/reports';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { useTaxSummary } from '../api/get-tax-summary';
import { TAX_SERIES } from '../utils/series';
import { RatesTable } from './rates-table';
import { TaxExports } from './tax-exports';
import { PhoneMonthsNote, TaxMonthFigures } from './tax-month-figures';
import { TaxMonthsTable } from './tax-months-table';

/** Recharts is loaded only where a chart is drawn: its own chunk, fetched once there is data. */
const TaxChart = lazy(() => import('./tax-chart'));

export const TAX_LOAD_FAILED = 'Failed to load the tax figures.';

/** /admin/tax: tax per month, the returns' exports and the rates in force (issue 27). */
export default function TaxPage() {
  const summary = useTaxSummary();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">Tax</h1>
        <p className="mt-1 text-sm text-slate-500">
          Rates and thresholds are data with an effective date; the figures are net of refunds.
        </p>
      </div>
      {summary.isPending ? (
        <Skeleton />
      ) : summary.isError ? (
        <LoadError message={TAX_LOAD_FAILED} onRetry={() => void summary.refetch()} />
      ) : (
        <MonthsCard months={summary.data.months} />
      )}
      {/* The exports need none of the figures: they work while those load or after they failed. */}
      <TaxExports />
      {summary.isSuccess && (
        <section aria-labelledby="tax-rates-title" className="space-y-3">
          <h2 id="tax-rates-title" className="text-lg font-bold text-slate-900">
            Rates in force
          </h2>
          <RatesTable rates={summary.data.rates} />
        </section>
      )}
    </div>
  );
}

function MonthsCard({ months }: { months: TaxMonth[] }) {
  const empty = months.every((m) => TAX_SERIES.every((s) => m[s.key] === 0));
  return (
    <Card className="min-w-0 p-4 sm:p-5">
      <h2 id="tax-months-title" className="font-bold text-slate-900">
        Commission and tax, last 12 months
      </h2>
      {empty ? (
        <p className="mt-4 rounded-xl bg-slate-50 p-6 text-center text-sm text-slate-600">
          No commission or tax in the last 12 months.
        </p>
      ) : (
        <figure className="mt-1" aria-labelledby="tax-months-title">
          <TaxMonthFigures month={months[months.length - 1]!} />
          <Suspense
            fallback={
              <div className="mt-4 grid h-64 place-items-center text-sm text-slate-500 sm:h-72">
                Loading chart...
              </div>
            }
          >
            <div className="mt-4">
              <TaxChart months={months} />
            </div>
          </Suspense>
          <PhoneMonthsNote />
          <TaxMonthsTable months={months} />
        </figure>
      )}
    </Card>
  );
}

/** The page's shape while the figures load, so nothing jumps when they arrive. */
function Skeleton() {
  return (
    <div role="status" className="space-y-6">
      <span className="sr-only">Loading tax figures...</span>
      <Card className="p-4 sm:p-5" aria-hidden>
        <div className="h-5 w-64 max-w-full animate-pulse rounded bg-slate-200" />
        <div className="mt-4 h-72 animate-pulse rounded-xl bg-slate-100" />
      </Card>
    </div>
  );
}
