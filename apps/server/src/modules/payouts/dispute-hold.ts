import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderEarnings } from '../../db/schema';
import { insertJob } from '../../lib/jobs/store';
import { PAYOUT_JOB_ATTEMPTS, PAYOUT_JOBS } from './jobs';

/**
 * A dispute on an order holds the editor's share: it does not clear while the dispute is open (clearOrder
 * refuses a held row). When the dispute ends, a share whose clearing date has passed meanwhile clears now.
 */
export async function holdForDispute(tx: Db, orderId: string): Promise<void> {
  await tx
    .update(orderEarnings)
    .set({ heldAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(orderEarnings.orderId, orderId), isNull(orderEarnings.clearedAt)));
}

export async function releaseDisputeHold(tx: Db, orderId: string): Promise<void> {
  const [row] = await tx
    .update(orderEarnings)
    .set({ heldAt: null, updatedAt: sql`now()` })
    .where(eq(orderEarnings.orderId, orderId))
    .returning();
  if (!row || row.clearedAt || !row.clearsAt) return;
  const [due] = await tx
    .select({ id: orderEarnings.orderId })
    .from(orderEarnings)
    .where(and(eq(orderEarnings.orderId, orderId), lte(orderEarnings.clearsAt, sql`now()`)));
  if (due) {
    await insertJob(tx, { kind: PAYOUT_JOBS.clear, payload: { orderId }, maxAttempts: PAYOUT_JOB_ATTEMPTS });
  }
}
