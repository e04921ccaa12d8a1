import type { ReactNode } from 'react';
import type { Settlement } from '@cutroom/contracts/payouts';
import { formatPayoutRupees } from '@cutroom/contracts/payouts';
import { Card } from '../../../components/ui/card';
import { asSentence, formatEarningTime } from '../utils/format';
import { SettlementStatusBadge } from './status-badges';

/** What went wrong with a settlement, in plain words, and what happens next. */
export function settlementProblem(s: Settlement): string | null {
  if (s.status !== 'FAILED' && s.status !== 'REVERSED') return null;
  const reason = s.reason?.trim() ? asSentence(s.reason) : 'The bank gave no reason.';
  const head = s.status === 'FAILED' ? 'Failed' : 'Sent back by the bank';
  return `${head}: ${reason} We'll retry; check your payout details.`;
}

/** The last settlements to the editor's account, newest first. */
export function SettlementsList({ settlements }: { settlements: Settlement[] }) {
  return (
    <section aria-labelledby="settlements-title" className="space-y-3">
      <h2 id="settlements-title" className="text-lg font-bold text-slate-900">
        Recent settlements
      </h2>
      {settlements.length === 0 ? (
        <Card className="p-6 text-center text-sm text-slate-600">
          No settlements yet. Available earnings are sent to your payout account in settlements.
        </Card>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {settlements.map((s) => {
            const problem = settlementProblem(s);
            return (
              <li key={s.id} className="space-y-1 px-4 py-3 text-sm" data-testid="settlement">
                <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
                  <span className="font-semibold text-slate-900 tabular-nums">
                    {formatPayoutRupees(s.amount)}
                  </span>
                  <SettlementStatusBadge status={s.status} />
                </div>
                <SettlementFacts settlement={s} />
                {problem && <p className="break-words text-red-700">{problem}</p>}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** When a settlement started or was settled, and the bank's reference (UTR); `children` add facts. */
export function SettlementFacts({
  settlement: s,
  children,
}: {
  settlement: Settlement;
  children?: ReactNode;
}) {
  const when = s.settledAt ?? s.initiatedAt;
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">
      {when && (
        <span>
          {s.settledAt ? 'Settled' : 'Started'} <time dateTime={when}>{formatEarningTime(when)}</time>
        </span>
      )}
      {children}
      {s.utr && (
        <span className="break-all">
          Bank reference (UTR): <span className="font-mono text-slate-700">{s.utr}</span>
        </span>
      )}
    </p>
  );
}
