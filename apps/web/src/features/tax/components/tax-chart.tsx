import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatRupees } from '@cutroom/contracts/money';
import type { TaxMonth } from '@cutroom/contracts/tax/reports';
import { monthLabel } from '../utils/periods';
import { TAX_SERIES, axisRupees } from '../utils/series';

/**
 * Commission and the three taxes per month, grouped bars. Loaded on its own (React.lazy) so only the
 * pages that draw it download Recharts; its numbers are also in the table beside it (TaxMonthsTable).
 */
export default function TaxChart({ months }: { months: TaxMonth[] }) {
  return (
    <div className="h-72 w-full" data-testid="tax-chart" aria-hidden>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={months} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis
            dataKey="month"
            tickFormatter={monthLabel}
            tick={{ fontSize: 12, fill: '#475569' }}
            minTickGap={12}
            tickLine={false}
          />
          <YAxis
            tickFormatter={axisRupees}
            tick={{ fontSize: 12, fill: '#475569' }}
            width={56}
            tickLine={false}
            axisLine={false}
          />
          <Tooltip
            labelFormatter={(label) => monthLabel(String(label))}
            formatter={(value, name) => [formatRupees(Number(value)), name]}
          />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          {/* No animation: the figures are read, not watched, and a resize redraws them at once. */}
          {TAX_SERIES.map((s) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.name}
              fill={s.color}
              radius={[3, 3, 0, 0]}
              maxBarSize={14}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
