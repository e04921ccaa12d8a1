import type { Settlement } from '@cutroom/contracts';
import type { payoutSettlements } from '../../db/schema';
import type { Balances } from './rules';

/** How the payout pages' replies are shaped: rupees from paise, balances, settlements. */
export const rupees = (paise: number) => paise / 100;
export const toBalances = (b: Balances) => ({
  available: rupees(b.available),
  pending: rupees(b.pending),
  paidOut: rupees(b.paidOut),
});
/** One page of any payout list. */
export const PAGE = 20;

export function toSettlement(row: typeof payoutSettlements.$inferSelect): Settlement {
  return {
    id: row.id,
    amount: rupees(row.amountPaise),
    status: row.status,
    utr: row.utr,
    reason: row.reason,
    initiatedAt: row.initiatedAt?.toISOString() ?? null,
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}
