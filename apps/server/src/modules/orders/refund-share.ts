import { and, inArray, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payoutLedger } from '../../db/schema';

/**
 * The paise a confirmed refund took from the editor's share, as the ledger booked it (payouts writes the
 * refund's lines in the refund's own transaction, before this runs after the commit). Read, never
 * re-derived: the chat line says what the ledger did. 0 when the refund booked nothing (a payment that
 * was never the order's).
 */
export async function editorPartOfRefund(tx: Db, refundId: string): Promise<number> {
  const [row] = await tx
    .select({ paise: sql<number>`coalesce(sum(${payoutLedger.amountPaise}), 0)::bigint` })
    .from(payoutLedger)
    .where(
      and(
        inArray(payoutLedger.eventKey, [`refund:${refundId}`, `refund-adjustment:${refundId}`]),
        like(payoutLedger.account, 'editor_%'),
      ),
    );
  return -Number(row?.paise ?? 0);
}
