import { and, eq } from 'drizzle-orm';
import { orderEarnings, payments, payoutAccounts, payoutAdjustments } from '../../db/schema';
import { crashPoint } from '../../lib/crash-points';
import { insertJob } from '../../lib/jobs/store';
import { GatewayError } from '../payments';
import type { PayoutsContext } from './context';
import { lockEarnings } from './earnings';
import { PAYOUT_JOBS, PAYOUT_JOB_ATTEMPTS } from './jobs';

/** Cashfree refuses an eligibility time in the past: ask for one a few seconds ahead (clock skew). */
const RELEASE_LEAD_MS = 5_000;

/** Cashfree's answers when the share is no longer held: settled, being settled, deferral over. */
const SETTLING = /already been settled|settlement for the order is in progress|cannot be beyond/i;

/** The split is still on its way: the release waits for its answer. */
export class ReleaseNotReady extends Error {}

/**
 * The release job, when an order's share clears. A split share the gateway holds (deferred settlement)
 * is made eligible now, so the vendor's schedule pays it; a missed share, which settled to Cutroom, is
 * paid to the vendor from Cutroom's balance by a CREDIT adjustment, once.
 */
export async function releaseShare(ctx: PayoutsContext, orderId: string): Promise<void> {
  const [row] = await ctx.db.select().from(orderEarnings).where(eq(orderEarnings.orderId, orderId));
  if (!row?.clearedAt) return;
  if (row.splitState === 'requested') throw new ReleaseNotReady('the split is still being answered');
  if (row.splitState === 'missed') return payMissedShare(ctx, orderId);
  // none, waiting or failed: the split job decides, and queues this release again if the share is missed.
  if (row.splitState !== 'done' || !row.splitPaise) return;
  const [target] = await ctx.db
    .select({ gatewayOrderId: payments.orderId, vendorId: payoutAccounts.vendorId })
    .from(payments)
    .innerJoin(payoutAccounts, eq(payoutAccounts.editorId, row.editorId))
    .where(eq(payments.id, row.paymentId));
  if (!target) return;
  crashPoint('release.before');
  try {
    await ctx.gateway.releaseOrderShare({
      orderId: target.gatewayOrderId,
      vendorId: target.vendorId,
      eligibleAt: new Date(Date.now() + RELEASE_LEAD_MS),
    });
    crashPoint('release.after');
  } catch (err) {
    // Nothing is held any more: settled, being settled, or the deferral ended first and it settles now.
    if (err instanceof GatewayError && SETTLING.test(err.message)) return;
    throw err;
  }
}

async function payMissedShare(ctx: PayoutsContext, orderId: string): Promise<void> {
  const job = await ctx.db.transaction(async (tx) => {
    const row = await lockEarnings(tx, orderId);
    if (!row?.clearedAt || row.splitState !== 'missed') return null;
    const [credited] = await tx
      .select({ id: payoutAdjustments.id })
      .from(payoutAdjustments)
      .where(and(eq(payoutAdjustments.orderId, orderId), eq(payoutAdjustments.type, 'CREDIT')));
    const amountPaise = row.sharePaise - row.editorRefundedPaise;
    if (credited || amountPaise <= 0) return null;
    const [adjustment] = await tx
      .insert(payoutAdjustments)
      .values({ editorId: row.editorId, orderId, amountPaise, type: 'CREDIT' })
      .returning();
    return insertJob(tx, {
      kind: PAYOUT_JOBS.adjust,
      payload: { adjustmentId: adjustment!.id },
      maxAttempts: PAYOUT_JOB_ATTEMPTS,
    });
  });
  if (job) ctx.jobs.dispatch(job);
}
