import { wholePercent } from '@cutroom/contracts/money';
import { ORDER_STATUS_LABELS } from '@cutroom/contracts/orders';
import type { AdminDashboard } from '@cutroom/contracts/responses/dashboard';
import { Card } from '../../../components/ui/card';

/**
 * Orders by status: a count per status with a bar of its share, drawn with plain elements (it needs no
 * chart library, and reads as a list to a screen reader).
 */
export function OrdersByStatus({ rows }: { rows: AdminDashboard['ordersByStatus'] }) {
  const total = rows.reduce((sum, r) => sum + r.count, 0);
  const most = Math.max(1, ...rows.map((r) => r.count));
  return (
    <Card className="p-4 sm:p-5">
      <h2 id="orders-by-status" className="font-bold text-slate-900">
        Orders by status
      </h2>
      <p className="text-sm text-slate-500">{total === 1 ? '1 order' : `${total} orders`} in all</p>
      {total === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No orders yet.</p>
      ) : (
        <ul className="mt-4 space-y-2" aria-labelledby="orders-by-status">
          {rows.map((r) => (
            <li
              key={r.status}
              className="grid grid-cols-[minmax(0,9rem)_minmax(0,1fr)_3rem] items-center gap-3 text-sm"
            >
              <span className="truncate text-slate-700" title={ORDER_STATUS_LABELS[r.status]}>
                {ORDER_STATUS_LABELS[r.status]}
              </span>
              <span className="h-2 rounded-full bg-slate-100" aria-hidden>
                <span
                  className="block h-2 rounded-full bg-brand-500"
                  style={{ width: `${wholePercent(r.count / most)}%` }}
                />
              </span>
              <span className="text-right font-semibold text-slate-900 tabular-nums">{r.count}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
