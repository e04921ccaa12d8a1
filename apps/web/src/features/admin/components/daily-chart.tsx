import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatRupees } from '@cutroom/contracts/money';
import type { DashboardDay } from '@cutroom/contracts/responses/dashboard';

const dayLabel = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
/** '2026-11-26' → '26 Nov' (the day is already India's; read as UTC so no zone moves it). */
export const shortDay = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));

/** 4.5 → '4.5', 6 → '6'. */
const short = (n: number) => String(Number(n.toFixed(1)));

/** '₹1.5L', '₹4.5k', '₹800': the axis's short amounts (the tooltip shows them in full). */
export const axisRupees = (v: number) =>
  v >= 100_000 ? `₹${short(v / 100_000)}L` : v >= 1000 ? `₹${short(v / 1000)}k` : `₹${v}`;

/**
 * Paid volume (bars) and commission (line) per day. Loaded on its own (React.lazy) so only this page
 * downloads Recharts; the figures beside it show while it loads.
 */
export default function DailyChart({ days }: { days: DashboardDay[] }) {
  return (
    <div className="h-72 w-full" data-testid="daily-chart">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis
            dataKey="day"
            tickFormatter={shortDay}
            tick={{ fontSize: 12, fill: '#475569' }}
            minTickGap={16}
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
            labelFormatter={(label) => shortDay(String(label))}
            formatter={(value, name) => [formatRupees(Number(value)), name]}
          />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          {/* No animation: the figures are read, not watched, and a resize redraws them at once. */}
          <Bar
            dataKey="volume"
            name="Paid volume"
            fill="#6366f1"
            radius={[4, 4, 0, 0]}
            maxBarSize={24}
            isAnimationActive={false}
          />
          <Line
            dataKey="commission"
            name="Commission"
            type="monotone"
            stroke="#f59e0b"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
