import { useId, useState } from 'react';
import { Download } from 'lucide-react';
import { monthOf } from '@cutroom/contracts/tax/periods';
import {
  TAX_EXPORT_LABELS,
  TAX_EXPORT_PERIOD,
  monthSchema,
  quarterSchema,
  type TaxExportKind,
} from '@cutroom/contracts/tax/reports';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { saveBlob } from '../../../lib/download';
import { exportTaxCsv } from '../api/export-tax';
import { endedQuarters, quarterLabel } from '@cutroom/contracts/tax/periods';
import { previousMonth } from '../utils/periods';

export const TAX_EXPORT_FAILED = 'The CSV could not be downloaded. Please try again.';

const selectClass =
  'block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:bg-slate-100';

/** One export: its period (a month, or for TDS an ended quarter), a download, and why it failed. */
export function ExportRow({ kind, now }: { kind: TaxExportKind; now: Date }) {
  const quarterly = TAX_EXPORT_PERIOD[kind] === 'quarter';
  const [quarters] = useState(() => endedQuarters(now));
  const [period, setPeriod] = useState(() => (quarterly ? quarters[0]! : previousMonth(now)));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const label = TAX_EXPORT_LABELS[kind];

  async function download() {
    // The server checks the same rule; asking first spares a request for an empty or half-typed month.
    const checked = (quarterly ? quarterSchema : monthSchema).safeParse(period);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? TAX_EXPORT_FAILED);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { blob, filename } = await exportTaxCsv(kind, period);
      saveBlob(blob, filename);
    } catch (err) {
      setError(errorMessage(err, TAX_EXPORT_FAILED));
    } finally {
      setBusy(false);
    }
  }

  return (
    // From 640 px a row is a subgrid of the list's three columns: the period's column is as wide as its
    // widest control (the TDS quarter's longest label), and every row's controls line up with it.
    <li
      className="grid gap-3 py-4 first:pt-0 last:pb-0 sm:col-span-3 sm:grid-cols-subgrid sm:items-center"
      data-testid={`tax-export-${kind}`}
      aria-labelledby={`${id}-name`}
    >
      <p id={`${id}-name`} className="font-medium text-slate-900">
        {label}
      </p>
      <div>
        <label htmlFor={`${id}-period`} className="sr-only">
          {quarterly ? 'Quarter' : 'Month'} for {label}
        </label>
        {quarterly ? (
          <select
            id={`${id}-period`}
            className={selectClass}
            value={period}
            disabled={busy}
            onChange={(e) => setPeriod(e.target.value)}
          >
            {quarters.map((q) => (
              <option key={q} value={q}>
                {quarterLabel(q)}
              </option>
            ))}
          </select>
        ) : (
          // Browsers without a month picker show a text box: the placeholder says what to type.
          <Input
            id={`${id}-period`}
            type="month"
            placeholder="YYYY-MM"
            max={monthOf(now)}
            value={period}
            disabled={busy}
            aria-invalid={!!error}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setPeriod(e.target.value)}
          />
        )}
      </div>
      <Button
        variant="secondary"
        aria-busy={busy}
        disabled={busy}
        aria-describedby={`${id}-name`}
        onClick={() => void download()}
      >
        <Download className="size-4" aria-hidden />
        {busy ? 'Downloading...' : 'Download CSV'}
      </Button>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700 sm:col-span-full">
          {error}
        </p>
      )}
    </li>
  );
}
