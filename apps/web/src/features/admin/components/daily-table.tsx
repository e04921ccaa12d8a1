import { formatRupees } from '@cutroom/contracts/money';
import type { DashboardDay } from '@cutroom/contracts/responses/dashboard';

/** The chart's numbers for a screen reader: the days with payments, as a table only it reads. */
export function DailyTable({ days }: { days: DashboardDay[] }) {
  const paid = days.filter((d) => d.volume > 0 || d.commission > 0);
  return (
    <table className="sr-only">
      <caption>Paid volume and commission per day</caption>
      <thead>
        <tr>
          <th scope="col">Day</th>
          <th scope="col">Paid volume</th>
          <th scope="col">Commission</th>
        </tr>
      </thead>
      <tbody>
        {paid.map((d) => (
          <tr key={d.day}>
            <th scope="row">{d.day}</th>
            <td>{formatRupees(d.volume)}</td>
            <td>{formatRupees(d.commission)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
