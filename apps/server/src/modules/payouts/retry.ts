import { and, eq, isNull, sql } from 'drizzle-orm';
import { formatPaise, type PayoutFailureKind } from '@cutroom/contracts';
import { orderEarnings, payoutAccounts, payoutSettlements } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-error';
import { insertJob } from '../../lib/jobs/store';
import { GatewayError } from '../payments';
import type { PayoutsContext } from './context';
import { PAYOUT_JOBS, PAYOUT_JOB_ATTEMPTS } from './jobs';
import { moveAdjustment, moveSplit, moveVendor } from './states';

/** Cashfree's least vendor balance for an on-demand transfer (Easy Split, "On-demand settlement"). */
export const ON_DEMAND_MINIMUM_PAISE = 100_000;

/**
 * An admin's Retry of a failure: the failed step is put back (a job, or an on-demand transfer for a
 * settlement), conditionally, so two admins pressing Retry together start it once.
 */
export async function retryPayoutFailure(
  ctx: PayoutsContext,
  kind: PayoutFailureKind,
  id: string,
): Promise<{ message: string }> {
  const queue = async (jobKind: string, payload: Record<string, unknown>) =>
    ctx.jobs.dispatch(await insertJob(ctx.db, { kind: jobKind, payload, maxAttempts: PAYOUT_JOB_ATTEMPTS }));

  if (kind === 'vendor') {
    // From failed, and from action_required once the editor or an admin has seen to what was needed:
    // the vendor job sends the details and KYC numbers again.
    const [row] = await moveVendor(ctx.db, eq(payoutAccounts.editorId, id), 'pending', {
      from: ['failed', 'action_required'],
      set: { vendorError: null },
    });
    if (!row) throw notFound('No failed vendor account to retry');
    await queue(PAYOUT_JOBS.vendor, { editorId: id });
    return { message: 'The vendor account is being set up again.' };
  }
  if (kind === 'split') {
    const [row] = await moveSplit(ctx.db, eq(orderEarnings.orderId, id), 'none', {
      from: ['failed'],
      set: { splitError: null },
    });
    if (!row) throw notFound('No failed split to retry');
    await queue(PAYOUT_JOBS.split, { orderId: id });
    return { message: 'The split is being sent to the payment gateway again.' };
  }
  if (kind === 'adjustment') {
    const [row] = await moveAdjustment(ctx.db, id, 'requested');
    if (!row) throw notFound('No failed adjustment to retry');
    await queue(PAYOUT_JOBS.adjust, { adjustmentId: id });
    return { message: 'The adjustment is being sent to the payment gateway again.' };
  }
  const [failed] = await ctx.db
    .select()
    .from(payoutSettlements)
    .where(and(eq(payoutSettlements.id, id), eq(payoutSettlements.status, 'FAILED')));
  if (!failed || failed.retriedAt) throw notFound('No failed settlement to retry');
  // Cashfree makes an on-demand transfer only from ₹1,000 of the vendor's unsettled balance.
  const balance = await ctx.gateway.getVendorBalance(failed.vendorId);
  if (balance.vendorUnsettledPaise < ON_DEMAND_MINIMUM_PAISE) {
    throw badRequest(
      `The gateway pays on demand only from ${formatPaise(ON_DEMAND_MINIMUM_PAISE)} of vendor balance, and this vendor holds ${formatPaise(balance.vendorUnsettledPaise)}. It goes out with the next scheduled settlement.`,
    );
  }
  const [row] = await ctx.db
    .update(payoutSettlements)
    .set({ retriedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(payoutSettlements.id, id),
        eq(payoutSettlements.status, 'FAILED'),
        isNull(payoutSettlements.retriedAt),
      ),
    )
    .returning();
  if (!row) throw notFound('No failed settlement to retry');
  try {
    await ctx.gateway.requestTransfer({
      vendorId: row.vendorId,
      amountPaise: row.amountPaise,
      remark: `Retry of settlement ${row.gatewaySettlementId}`,
    });
  } catch (err) {
    await ctx.db.update(payoutSettlements).set({ retriedAt: null }).where(eq(payoutSettlements.id, id));
    if (err instanceof GatewayError) throw badRequest(err.message);
    throw err;
  }
  return { message: 'A new settlement was requested from the payment gateway.' };
}
