import { useSyncExternalStore } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatRupees } from '@cutroom/contracts/money';
import type { TaxMonth } from '@cutroom/contracts/tax/reports';
import { monthLabel } from '../utils/periods';
import { TAX_SERIES, WIDE_CHART, axisRupees, barMinHeight, chartMonths } from '../utils/series';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(WIDE_CHART);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const isWide = () => window.matchMedia(WIDE_CHART).matches;
/** 'Nov 2026' → "Nov '26": six of them fit a phone's axis. */
const shortMonth = (month: string) => monthLabel(month).replace(/ \d\d(\d\d)$/, " '$1");

/**
 * Commission and the three taxes per month, grouped bars: twelve months from 640 px, the newest six on a
 * phone (the page says so), so a bar is never a hairline. The legend and the newest month's figures are
 * text beside the chart (TaxMonthFigures), every month's in the table for screen readers (TaxMonthsTable).
 * Loaded on its own (React.lazy) so only the pages that draw it download Recharts.
 */
export default function TaxChart({ months }: { months: TaxMonth[] }) {
  const wide = useSyncExternalStore(subscribe, isWide, () => true);
  const drawn = chartMonths(months, wide);
  return (
    <div className="h-64 w-full sm:h-72" data-testid="tax-chart" aria-hidden>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={drawn}
          margin={{ top: 8, right: 4, bottom: 0, left: 0 }}
          barCategoryGap={wide ? '18%' : '14%'}
          barGap={1}
        >
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis
            dataKey="month"
            tickFormatter={wide ? monthLabel : shortMonth}
            tick={{ fontSize: 12, fill: '#475569' }}
            minTickGap={4}
            tickLine={false}
          />
          <YAxis
            tickFormatter={axisRupees}
            tick={{ fontSize: 12, fill: '#475569' }}
            width={48}
            tickLine={false}
            axisLine={false}
          />
          <Tooltip
            labelFormatter={(label) => monthLabel(String(label))}
            formatter={(value, name) => [formatRupees(Number(value)), name]}
          />
          {/* No animation: the figures are read, not watched, and a resize redraws them at once. */}
          {TAX_SERIES.map((s) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.name}
              fill={s.color}
              radius={[2, 2, 0, 0]}
              maxBarSize={18}
              minPointSize={barMinHeight}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
