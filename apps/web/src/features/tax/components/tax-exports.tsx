import { useState } from 'react';
import { TAX_EXPORT_KINDS } from '@cutroom/contracts/tax/reports';
import { Card } from '../../../components/ui/card';
import { ExportRow } from './export-row';

/** The returns' CSVs: TCS, GST and the ledger by month, TDS by ended quarter. */
export function TaxExports({ now: given }: { now?: Date }) {
  // One clock for every row, read once: the defaults do not move while the page stays open.
  const [now] = useState(() => given ?? new Date());
  return (
    <section aria-labelledby="tax-exports-title" className="space-y-3">
      <h2 id="tax-exports-title" className="text-lg font-bold text-slate-900">
        Exports
      </h2>
      <Card className="p-4 sm:p-5">
        <ul className="divide-y divide-slate-100 sm:grid sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:gap-x-3">
          {TAX_EXPORT_KINDS.map((kind) => (
            <ExportRow key={kind} kind={kind} now={now} />
          ))}
        </ul>
      </Card>
    </section>
  );
}
