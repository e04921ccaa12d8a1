import type { EarningsBalances, PayoutAccount } from '@cutroom/contracts/payouts';
import { formatClearingPeriod, formatPayoutRupees } from '@cutroom/contracts/payouts';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { availableHint, formatSignedRupees } from '../utils/format';

export const negativeAvailableText = (available: number) =>
  `You owe ${formatPayoutRupees(-available)}: a creator was refunded after that order's share had already been paid out to you. We take it from your next earnings before anything else is paid out; there is nothing you need to do.`;

/** Available, Pending and Paid out, each with a line on what it means. */
export function BalanceCards({
  balances,
  clearingDays,
  account,
}: {
  balances: EarningsBalances;
  clearingDays: number;
  /** Where Available goes; null while no payout details were entered. */
  account: PayoutAccount | null;
}) {
  const owed = balances.available < 0;
  const cards = [
    {
      key: 'available',
      label: 'Available',
      amount: balances.available,
      hint: owed ? 'Below zero: you owe this amount (see below).' : availableHint(account),
    },
    {
      key: 'pending',
      label: 'Pending',
      amount: balances.pending,
      hint: `Orders in progress, and completed orders in their clearing period (${formatClearingPeriod(clearingDays)}).`,
    },
    {
      key: 'paidOut',
      label: 'Paid out',
      amount: balances.paidOut,
      hint: 'Already sent to your bank account or UPI id.',
    },
  ];
  return (
    <div className="space-y-3">
      {/* Beside the profile menu (md) the column is too narrow for three cards in a row. */}
      <ul className="grid gap-3 sm:grid-cols-3 md:grid-cols-1 lg:grid-cols-3" aria-label="Balances">
        {cards.map((c) => (
          <li key={c.key} className="min-w-0">
            <Card
              className={cn('h-full p-4', c.key === 'available' && owed && 'border-red-200 bg-red-50')}
              data-testid={`balance-${c.key}`}
            >
              <p className="text-sm font-medium text-slate-600">{c.label}</p>
              <p
                className={cn(
                  'mt-1 text-2xl font-extrabold tracking-tight break-words tabular-nums',
                  c.key === 'available' && owed ? 'text-red-700' : 'text-slate-900',
                )}
              >
                {formatSignedRupees(c.amount)}
              </p>
              <p
                className={cn(
                  'mt-1 text-xs',
                  c.key === 'available' && owed ? 'text-red-800' : 'text-slate-500',
                )}
              >
                {c.hint}
              </p>
            </Card>
          </li>
        ))}
      </ul>
      {owed && (
        <p
          className="rounded-xl bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-600/20"
          data-testid="negative-available"
        >
          {negativeAvailableText(balances.available)}
        </p>
      )}
    </div>
  );
}

/** The rules in one short paragraph: commission, clearing, refunds. */
export function EarningsRules({ feePercent, clearingDays }: { feePercent: number; clearingDays: number }) {
  return (
    <p className="text-sm text-slate-600" data-testid="earnings-rules">
      Cutroom’s fee is <strong className="text-slate-900">{feePercent}%</strong> of what a creator pays, GST
      on the commission included, fixed on each order when it is paid. Your share stays pending while the
      order is in progress and for{' '}
      <strong className="text-slate-900">{formatClearingPeriod(clearingDays)}</strong> after it is completed,
      then becomes available and is paid out to your payout account. A refund before payout reduces your
      share; a refund after payout is taken from your next earnings.
    </p>
  );
}
