import { formatRupees } from '@cutroom/contracts/money';
import type { TaxRate } from '@cutroom/contracts/tax/reports';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { ResponsiveList, type ListColumn } from '../../../components/ui/responsive-list';
import { RATE_STATUS_LABELS, istDay, rateStatuses, type RateWithStatus } from '../utils/rates';

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

/** 'In force', 'Superseded' or 'From 1 Apr 2027': which of a kind's rows applies today. */
export const rateStatusLabel = (r: RateWithStatus) =>
  r.status === 'future' ? `From ${effectiveDay(r.effectiveFrom)}` : RATE_STATUS_LABELS[r.status];

function RateStatusBadge({ rate }: { rate: RateWithStatus }) {
  const tone = rate.status === 'in_force' ? 'green' : rate.status === 'future' ? 'blue' : 'grey';
  return (
    <Badge tone={tone} className="whitespace-nowrap">
      {rateStatusLabel(rate)}
    </Badge>
  );
}

const COLUMNS: ListColumn<RateWithStatus>[] = [
  { header: 'Rate', cell: (r) => r.label, cellClassName: 'whitespace-normal font-medium text-slate-900' },
  { header: 'Value', cell: rateValue, cellClassName: 'tabular-nums' },
  { header: 'Status', cell: (r) => <RateStatusBadge rate={r} /> },
  { header: 'In force from', cell: (r) => effectiveDay(r.effectiveFrom) },
  { header: 'Section', cell: (r) => r.section, cellClassName: 'whitespace-normal' },
  { header: 'Source', cell: (r) => <Source source={r.source} />, cellClassName: 'whitespace-normal' },
];

/**
 * The rates and thresholds, each marked in force, superseded or yet to come (on `today`, India's day),
 * grouped by kind with the newest first. Below 1024 px each rate is a card, so a phone shows every field
 * without a table scrolled out of sight.
 */
export function RatesTable({ rates, today = istDay(new Date()) }: { rates: TaxRate[]; today?: string }) {
  if (rates.length === 0) {
    return (
      <p className="rounded-xl bg-slate-50 p-6 text-center text-sm text-slate-600">No rates recorded.</p>
    );
  }
  return (
    <ResponsiveList
      from="lg"
      items={rateStatuses(rates, today)}
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
          <div className="mt-1">
            <RateStatusBadge rate={r} />
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
