import { Link } from 'react-router';
import { Landmark } from 'lucide-react';
import { formatRupees } from '@cutroom/contracts/money';
import { useTaxSummary } from '../api/get-tax-summary';
import { monthLabel } from '../utils/periods';
import { TaxTrend } from './tax-trend';

export const TAX_PATH = '/admin/tax';

const FIGURES = [
  { key: 'gstOnCommission', label: 'GST on commission' },
  { key: 'tcs', label: 'TCS' },
  { key: 'tds', label: 'TDS' },
] as const;

/**
 * The dashboard's "Tax this month": the newest month of GET /api/admin/tax. An extra on that page, so
 * while loading, after a failure or with an unexpected reply it renders nothing rather than an error.
 */
export function TaxThisMonthCard() {
  const summary = useTaxSummary();
  const months = summary.data?.months;
  const month = Array.isArray(months) ? months[months.length - 1] : undefined;
  if (!month) return null;
  return (
    <Link
      to={TAX_PATH}
      data-testid="tax-this-month"
      className="block rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none sm:p-5"
    >
      <span className="flex items-center gap-2 text-sm font-medium text-slate-600">
        <Landmark className="size-4 shrink-0 text-slate-400" aria-hidden />
        Tax this month
        <span className="text-slate-400">· {monthLabel(month.month)}</span>
      </span>
      <dl className="mt-3 grid grid-cols-3 gap-3">
        {FIGURES.map(({ key, label }) => (
          <div key={key} className="min-w-0">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="text-lg font-bold break-words text-slate-900 tabular-nums">
              {formatRupees(Number(month[key]) || 0)}
            </dd>
          </div>
        ))}
      </dl>
      <TaxTrend months={months!} />
    </Link>
  );
}
