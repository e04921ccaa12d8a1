import { formatRupees } from '@cutroom/contracts/money';
import type { TaxMonth } from '@cutroom/contracts/tax/reports';
import { monthLabel } from '../utils/periods';

const withheld = (m: TaxMonth) => m.gstOnCommission + m.tcs + m.tds;

/**
 * The dashboard's summary chart: the tax of the last six months (GST on the commission, TCS and TDS
 * together), one bar a month. Plain SVG, so the dashboard does not load a chart library for six bars;
 * the figures are in its label for screen readers and in each bar's title on hover. Stretched to its
 * width (no aspect ratio), so the newest month's bar sits under the newest month's label.
 */
export function TaxTrend({ months }: { months: TaxMonth[] }) {
  const shown = months.slice(-6);
  const max = Math.max(...shown.map(withheld), 0);
  if (shown.length === 0 || max <= 0) return null;
  const label = shown.map((m) => `${monthLabel(m.month)}: ${formatRupees(withheld(m))}`).join('; ');
  return (
    <figure className="mt-3 max-w-md" data-testid="tax-trend">
      <svg
        viewBox="0 0 120 40"
        preserveAspectRatio="none"
        className="h-12 w-full"
        role="img"
        aria-label={`Tax by month: ${label}`}
      >
        {shown.map((m, i) => {
          const h = Math.max(withheld(m) > 0 ? 2 : 0, (withheld(m) / max) * 36);
          return (
            <rect
              key={m.month}
              x={i * 20 + 3}
              y={40 - h}
              width={14}
              height={h}
              rx={2}
              className="fill-brand-500"
            >
              <title>{`${monthLabel(m.month)}: ${formatRupees(withheld(m))}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="mt-1 flex justify-between text-[11px] text-slate-500">
        <span>{monthLabel(shown[0]!.month)}</span>
        <span>GST, TCS and TDS by month</span>
        <span>{monthLabel(shown.at(-1)!.month)}</span>
      </figcaption>
    </figure>
  );
}
