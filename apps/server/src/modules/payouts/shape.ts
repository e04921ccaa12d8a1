import { rupeesFromPaise, type Settlement } from '@cutroom/contracts';
import type { payoutSettlements } from '../../db/schema';
import type { Balances } from './rules';

/** How the payout pages' replies are shaped: rupees from paise, balances, settlements. */
export const toBalances = (b: Balances) => ({
  available: rupeesFromPaise(b.available),
  pending: rupeesFromPaise(b.pending),
  paidOut: rupeesFromPaise(b.paidOut),
});
/** One page of any payout list. */
export const PAGE = 20;

export function toSettlement(row: typeof payoutSettlements.$inferSelect): Settlement {
  return {
    id: row.id,
    amount: rupeesFromPaise(row.amountPaise),
    status: row.status,
    utr: row.utr,
    reason: row.reason,
    initiatedAt: row.initiatedAt?.toISOString() ?? null,
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}
