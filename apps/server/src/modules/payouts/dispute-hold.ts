import { and, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gatewayDisputes, orderEarnings, orders } from '../../db/schema';
import { insertJob } from '../../lib/jobs/store';
import { PAYOUT_JOB_ATTEMPTS, PAYOUT_JOBS } from './jobs';

/**
 * A dispute on an order holds the editor's share: it does not clear while the dispute is open (clearOrder
 * refuses a held row). When the dispute ends, a share whose clearing date has passed meanwhile clears now.
 * Two kinds of dispute hold the same share: the resolution centre's (orders.dispute_id) and the gateway's
 * chargebacks (gateway_disputes still open). One `held_at` serves both, and whichever ends first looks at
 * the other before releasing, so neither lets go of a share the other still holds.
 */
export async function holdForDispute(tx: Db, orderId: string): Promise<void> {
  await tx
    .update(orderEarnings)
    .set({ heldAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(orderEarnings.orderId, orderId), isNull(orderEarnings.clearedAt)));
}

/** The resolution centre's dispute ended; a chargeback still open keeps the hold. */
export async function releaseDisputeHold(tx: Db, orderId: string): Promise<void> {
  if (await gatewayDisputeOpen(tx, orderId)) return;
  await release(tx, orderId);
}

/** A gateway dispute ended (won, or lost and debited); an open resolution-centre dispute or chargeback keeps it. */
export async function releaseGatewayDisputeHold(tx: Db, orderId: string): Promise<void> {
  const [frozen] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), isNotNull(orders.disputeId)));
  if (frozen || (await gatewayDisputeOpen(tx, orderId))) return;
  await release(tx, orderId);
}

async function gatewayDisputeOpen(tx: Db, orderId: string): Promise<boolean> {
  const [open] = await tx
    .select({ id: gatewayDisputes.id })
    .from(gatewayDisputes)
    .where(and(eq(gatewayDisputes.cutroomOrderId, orderId), eq(gatewayDisputes.outcome, 'open')))
    .limit(1);
  return !!open;
}

async function release(tx: Db, orderId: string): Promise<void> {
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
