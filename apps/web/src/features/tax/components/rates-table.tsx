import { formatRupees } from '@cutroom/contracts/money';
import type { TaxRate } from '@cutroom/contracts/tax/reports';
import { Card } from '../../../components/ui/card';
import { ResponsiveList, type ListColumn } from '../../../components/ui/responsive-list';

/** 18 → '18%', 0.1 → '0.1%'; a threshold in rupees → '₹5,00,000'. */
export const rateValue = (r: Pick<TaxRate, 'value' | 'unit'>) =>
  r.unit === 'percent' ? `${r.value}%` : formatRupees(r.value);

const dayFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'UTC' });
/** '2024-10-01' → '1 Oct 2024'; read as UTC so no zone moves the day. Anything else is shown as sent. */
export const effectiveDay = (day: string) =>
  /^\d{4}-\d{2}-\d{2}/.test(day) ? dayFormat.format(new Date(`${day.slice(0, 10)}T00:00:00Z`)) : day;

/** A notification's address becomes a link; a citation stays text. */
function Source({ source }: { source: string }) {
  return /^https:\/\//.test(source) ? (
    <a href={source} target="_blank" rel="noreferrer" className="break-all text-brand-700 underline">
      {source}
    </a>
  ) : (
    <span className="break-words">{source}</span>
  );
}

const COLUMNS: ListColumn<TaxRate>[] = [
  { header: 'Rate', cell: (r) => r.label, cellClassName: 'whitespace-normal font-medium text-slate-900' },
  { header: 'Value', cell: rateValue, cellClassName: 'tabular-nums' },
  { header: 'In force from', cell: (r) => effectiveDay(r.effectiveFrom) },
  { header: 'Section', cell: (r) => r.section, cellClassName: 'whitespace-normal' },
  { header: 'Source', cell: (r) => <Source source={r.source} />, cellClassName: 'whitespace-normal' },
];

/**
 * The rates and thresholds in force. Below 1024 px each rate is a card, so a phone shows every field
 * without a table scrolled out of sight.
 */
export function RatesTable({ rates }: { rates: TaxRate[] }) {
  if (rates.length === 0) {
    return (
      <p className="rounded-xl bg-slate-50 p-6 text-center text-sm text-slate-600">No rates recorded.</p>
    );
  }
  return (
    <ResponsiveList
      from="lg"
      items={rates}
      label="Rates in force"
      itemKey={(r) => `${r.kind}-${r.effectiveFrom}`}
      columns={COLUMNS}
      cardListClassName="grid gap-3 sm:grid-cols-2"
      card={(r) => (
        <Card className="h-full p-4">
          <div className="flex items-baseline justify-between gap-3">
            <p className="min-w-0 font-semibold break-words text-slate-900">{r.label}</p>
            <p className="shrink-0 text-lg font-bold text-slate-900 tabular-nums">{rateValue(r)}</p>
          </div>
          <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-500">In force from</dt>
            <dd className="text-slate-700">{effectiveDay(r.effectiveFrom)}</dd>
            <dt className="text-slate-500">Section</dt>
            <dd className="break-words text-slate-700">{r.section}</dd>
            <dt className="text-slate-500">Source</dt>
            <dd className="text-slate-700">
              <Source source={r.source} />
            </dd>
          </dl>
        </Card>
      )}
    />
  );
}
