import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { simVendorMovements, simVendors } from './simulator-tables';
import { refuse } from './simulator-split-rules';
import type { RefundVendorSplit } from './split-types';

// The simulated Easy Split's vendor balances: what each vendor holds unsettled, and the lock that
// serialises every movement of it.

export async function lockVendor(tx: Db, vendorId: string) {
  const [row] = await tx.select().from(simVendors).where(eq(simVendors.vendorId, vendorId)).for('update');
  return row ?? null;
}

export async function unsettledPaise(db: Db, vendorId: string): Promise<number> {
  const [sum] = await db
    .select({ paise: sql<string>`coalesce(sum(${simVendorMovements.amountPaise}), 0)` })
    .from(simVendorMovements)
    .where(and(eq(simVendorMovements.vendorId, vendorId), isNull(simVendorMovements.settlementId)));
  return Number(sum?.paise ?? 0);
}

/** A refund carrying refund_splits takes each vendor's part from its unsettled balance, all or none. */
export async function takeVendorRefundSplits(
  db: Db,
  orderId: string,
  refundId: string,
  splits: RefundVendorSplit[],
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const split of splits) {
      if (!(await lockVendor(tx, split.vendorId))) throw refuse('vendor does not exist');
      if ((await unsettledPaise(tx, split.vendorId)) < split.amountPaise) {
        throw refuse('Vendor does not have sufficient balance');
      }
      await tx
        .insert(simVendorMovements)
        .values({
          vendorId: split.vendorId,
          kind: 'refund_split',
          reference: `${orderId}:${refundId}`,
          amountPaise: -split.amountPaise,
          eligibleAt: sql`now()`,
        })
        .onConflictDoNothing();
    }
  });
}
