import type { AdminPayoutRow } from '@cutroom/contracts/payouts';
import { Card } from '../../../components/ui/card';
import { AccountCell, EditorCell, FailuresCell, LastSettlementCell, Money } from './payout-cells';

/** Payouts below xl: one card per editor, the table's columns as labelled fields. */
export function PayoutCards({ rows }: { rows: AdminPayoutRow[] }) {
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-label="Editors' payouts">
      {rows.map((r) => (
        <li key={r.editor.id} className="min-w-0">
          <Card className="flex h-full flex-col gap-3 p-4" data-editor={r.editor.id}>
            <div className="min-w-0">
              <EditorCell row={r} />
            </div>
            <AccountCell row={r} />
            <dl className="grid grid-cols-3 gap-x-3 gap-y-2 text-sm wrap-anywhere">
              <div className="min-w-0">
                <dt className="text-xs text-slate-500">Available</dt>
                <dd>
                  <Money amount={r.balances.available} />
                </dd>
              </div>
              <div className="min-w-0">
                <dt className="text-xs text-slate-500">Pending</dt>
                <dd>
                  <Money amount={r.balances.pending} />
                </dd>
              </div>
              <div className="min-w-0">
                <dt className="text-xs text-slate-500">Paid out</dt>
                <dd>
                  <Money amount={r.balances.paidOut} />
                </dd>
              </div>
              <div className="col-span-2 min-w-0">
                <dt className="text-xs text-slate-500">Last settlement</dt>
                <dd>
                  <LastSettlementCell row={r} />
                </dd>
              </div>
              <div className="min-w-0">
                <dt className="text-xs text-slate-500">Failures</dt>
                <dd>
                  <FailuresCell row={r} />
                </dd>
              </div>
            </dl>
          </Card>
        </li>
      ))}
    </ul>
  );
}
