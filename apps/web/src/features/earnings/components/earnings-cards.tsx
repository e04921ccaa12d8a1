import type { EarningRow } from '@cutroom/contracts/payouts';
import { Card } from '../../../components/ui/card';
import {
  EarningAvailableAt,
  EarningCommission,
  EarningGross,
  EarningOrderLink,
  EarningShare,
} from './earning-fields';
import { formatEarningDay } from '../utils/format';
import { EarningStateBadge } from './status-badges';

/** Narrow screens: one card per order, the table's columns as labelled fields. */
export function EarningsCards({ rows }: { rows: EarningRow[] }) {
  return (
    <ul className="space-y-3" aria-label="Earnings by order">
      {rows.map((r) => (
        <li key={r.orderId}>
          <Card className="space-y-3 p-4" data-order={r.reference}>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <EarningOrderLink row={r} />
                <p className="text-sm break-words text-slate-600">{r.title}</p>
              </div>
              <EarningStateBadge state={r.state} />
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <div className="min-w-0">
                <dt className="text-xs text-slate-500">Your share</dt>
                <dd>
                  <EarningShare row={r} />
                </dd>
              </div>
              <div className="min-w-0">
                <dt className="text-xs text-slate-500">Paid</dt>
                <dd>
                  <time dateTime={r.paidAt}>{formatEarningDay(r.paidAt)}</time>
                </dd>
              </div>
              <div className="min-w-0">
                <dt className="text-xs text-slate-500">Gross</dt>
                <dd>
                  <EarningGross row={r} />
                </dd>
              </div>
              <div className="min-w-0">
                <dt className="text-xs text-slate-500">Commission</dt>
                <dd>
                  <EarningCommission row={r} />
                </dd>
              </div>
              <div className="col-span-2 min-w-0">
                <dt className="text-xs text-slate-500">Available on</dt>
                <dd>
                  <EarningAvailableAt row={r} />
                </dd>
              </div>
            </dl>
          </Card>
        </li>
      ))}
    </ul>
  );
}
