import { formatRupees } from '@cutroom/contracts/money';
import type { TaxMonth } from '@cutroom/contracts/tax/reports';
import { monthLabel } from '../utils/periods';
import { PHONE_MONTHS, TAX_SERIES } from '../utils/series';

/**
 * The chart's legend, carrying the newest month's four figures as text: the small ones (TDS is a
 * thousandth of a payment) are read here rather than guessed from a bar.
 */
export function TaxMonthFigures({ month }: { month: TaxMonth }) {
  return (
    <div className="mt-3" data-testid="tax-month-figures">
      <p className="text-sm text-slate-600">
        This month so far <span className="text-slate-400">· {monthLabel(month.month)}</span>
      </p>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
        {TAX_SERIES.map((s) => (
          <div key={s.key} className="min-w-0">
            <dt className="flex items-center gap-1.5 text-xs text-slate-600">
              <span
                className="size-2.5 shrink-0 rounded-sm"
                style={{ backgroundColor: s.color }}
                aria-hidden
              />
              {s.name}
            </dt>
            <dd className="text-base font-bold break-words text-slate-900 tabular-nums">
              {formatRupees(month[s.key])}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** Below 640 px the chart draws fewer months than the heading names: said under it. */
export function PhoneMonthsNote() {
  return (
    <p className="mt-2 text-xs text-slate-500 sm:hidden">
      The last {PHONE_MONTHS} months are drawn here; a wider screen draws all 12.
    </p>
  );
}
