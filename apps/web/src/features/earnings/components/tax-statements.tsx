import { useState, type FormEvent, type ReactNode } from 'react';
import { Download } from 'lucide-react';
import { monthSchema } from '@cutroom/contracts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, Input } from '../../../components/ui/input';
import { downloadStatement, downloadTdsFigures } from '../api/download-tax-files';
import { useDownload } from '../hooks/use-download';
import { endedQuarters, monthOf, quarterLabel } from '@cutroom/contracts/tax/periods';

// The inputs' own focus outline (components/ui/input.tsx), for the native select.
const selectClass =
  'block h-10 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus-visible:outline-2! focus-visible:outline-offset-2! focus-visible:outline-brand-600! disabled:bg-slate-100';

/** The month's ledger as CSV, and a quarter's TDS figures for the editor's own income tax return. */
export function TaxStatements() {
  return (
    <div className="grid gap-3 md:grid-cols-2">
      <MonthlyStatement />
      <TdsFigures />
    </div>
  );
}

function DownloadCard(props: {
  title: string;
  text: string;
  formLabel: string;
  pending: boolean;
  error: string | null;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit();
  };
  return (
    <Card className="p-4 sm:p-5">
      <h3 className="font-semibold text-slate-900">{props.title}</h3>
      <p className="mt-1 text-sm text-slate-600">{props.text}</p>
      <form onSubmit={submit} noValidate aria-label={props.formLabel} className="mt-4 space-y-3">
        <fieldset disabled={props.pending} className="space-y-3">
          {props.children}
          <Button type="submit" variant="secondary" aria-busy={props.pending} className="w-full sm:w-auto">
            <Download className="size-4" aria-hidden />
            {props.pending ? 'Downloading...' : 'Download CSV'}
          </Button>
        </fieldset>
        {props.error && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {props.error}
          </p>
        )}
      </form>
    </Card>
  );
}

function MonthlyStatement() {
  const [month, setMonth] = useState(() => monthOf(new Date()));
  const [invalid, setInvalid] = useState<string | null>(null);
  const download = useDownload();
  const submit = () => {
    const parsed = monthSchema.safeParse(month);
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]!.message);
      return;
    }
    setInvalid(null);
    void download.run(month, () => downloadStatement(month));
  };
  return (
    <DownloadCard
      title="Monthly statement"
      text="Every order of the month: gross, commission, GST on commission, TCS, TDS and net."
      formLabel="Monthly statement"
      pending={download.pending !== null}
      error={download.error}
      onSubmit={submit}
    >
      <Field label="Month" error={invalid ?? undefined}>
        {(id) => (
          <Input
            id={id}
            type="month"
            max={monthOf(new Date())}
            value={month}
            aria-invalid={!!invalid}
            onChange={(e) => {
              setMonth(e.target.value);
              download.clearError();
            }}
          />
        )}
      </Field>
    </DownloadCard>
  );
}

function TdsFigures() {
  const [quarters] = useState(() => endedQuarters());
  const [quarter, setQuarter] = useState(quarters[0]!);
  const download = useDownload();
  return (
    <DownloadCard
      title="TDS figures"
      text="The income tax deducted from your earnings in a quarter, to match with your Form 26AS."
      formLabel="TDS figures"
      pending={download.pending !== null}
      error={download.error}
      onSubmit={() => void download.run(quarter, () => downloadTdsFigures(quarter))}
    >
      <Field label="Quarter">
        {(id) => (
          <select
            id={id}
            className={selectClass}
            value={quarter}
            onChange={(e) => {
              setQuarter(e.target.value);
              download.clearError();
            }}
          >
            {quarters.map((q) => (
              <option key={q} value={q}>
                {quarterLabel(q)}
              </option>
            ))}
          </select>
        )}
      </Field>
    </DownloadCard>
  );
}
