import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Download } from 'lucide-react';
import { payoutExportQuerySchema } from '@cutroom/contracts/payouts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { exportPayoutsCsv } from '../api/export-payouts';
import { saveBlob } from '../../../lib/download';

export const EXPORT_FAILED = 'The CSV could not be downloaded. Please try again.';

const pad = (n: number) => String(n).padStart(2, '0');
/** A day of the admin's own calendar as YYYY-MM-DD (not UTC's, which is a day behind until 5:30 in India). */
export const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The default period: the 1st of this month to today. */
export function thisMonthSoFar(now = new Date()) {
  return { from: localDay(new Date(now.getFullYear(), now.getMonth(), 1)), to: localDay(now) };
}

type Period = { from: string; to: string };

/** The period's CSV of splits, settlements and adjustments, fetched with the session and saved. */
export function ExportPanel() {
  const form = useForm<Period>({
    resolver: zodResolver(payoutExportQuerySchema),
    defaultValues: thisMonthSoFar(),
  });
  const { errors } = form.formState;
  const [downloading, setDownloading] = useState(false);

  const submit = form.handleSubmit(async ({ from, to }) => {
    setDownloading(true);
    try {
      const { blob, filename } = await exportPayoutsCsv(from, to);
      saveBlob(blob, filename);
    } catch (err) {
      toast.error(errorMessage(err, EXPORT_FAILED));
    } finally {
      setDownloading(false);
    }
  });

  return (
    <section aria-labelledby="payouts-export-title" className="space-y-3">
      <h2 id="payouts-export-title" className="text-lg font-bold text-slate-900">
        Export
      </h2>
      <Card className="p-4 sm:p-5">
        <p className="text-sm text-slate-600">
          A CSV of the period’s order splits, settlements and adjustments, for the accounts.
        </p>
        <form onSubmit={submit} noValidate aria-label="Export payouts" className="mt-4">
          <fieldset
            disabled={downloading}
            className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start"
          >
            <Field label="From" error={errors.from?.message}>
              {(id) => <Input id={id} type="date" aria-invalid={!!errors.from} {...form.register('from')} />}
            </Field>
            <Field label="To" error={errors.to?.message}>
              {(id) => <Input id={id} type="date" aria-invalid={!!errors.to} {...form.register('to')} />}
            </Field>
            {/* Lined up with the fields, below their labels. */}
            <Button type="submit" className="sm:mt-7" aria-busy={downloading}>
              <Download className="size-4" aria-hidden />
              {downloading ? 'Downloading...' : 'Download CSV'}
            </Button>
          </fieldset>
        </form>
      </Card>
    </section>
  );
}
