import { formatRupees } from '@cutroom/contracts/money';
import type { TaxMonth } from '@cutroom/contracts/tax/reports';
import { monthLabel } from '../utils/periods';
import { TAX_SERIES } from '../utils/series';

export const TAX_MONTHS_CAPTION = 'Commission, GST on commission, TCS and TDS per month';

/**
 * The chart's numbers for a screen reader: every month, as a table only it reads. The table sits in an
 * sr-only box rather than carrying the class itself: a table ignores the 1 px width and would widen the
 * page on a phone.
 */
export function TaxMonthsTable({ months }: { months: TaxMonth[] }) {
  return (
    <div className="sr-only">
      <table>
        <caption>{TAX_MONTHS_CAPTION}</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            {TAX_SERIES.map((s) => (
              <th key={s.key} scope="col">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{monthLabel(m.month)}</th>
              {TAX_SERIES.map((s) => (
                <td key={s.key}>{formatRupees(m[s.key])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
