import { and, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import { jobs, orderEarnings } from '../../db/schema';
import { insertJob } from '../../lib/jobs/store';
import { recordFinding } from '../payments';
import type { PayoutsContext } from './context';
import { PAYOUT_JOBS, PAYOUT_JOB_ATTEMPTS } from './jobs';
import { checkSplitsAtGateway } from './reconcile-splits';

/** A split job is overdue this long after its time: it was lost, or never written (an older order). */
const OVERDUE_MS = 10 * 60_000;
const BATCH = 100;

/**
 * Reconciliation's payouts part: a paid order whose share was never sent to be split and has no split job
 * waiting (paid before shares were split at payment, or its job lost) gets one. The split job then decides
 * (sent, or missed and paid by Cutroom when it clears). Returns how many it checked.
 */
export async function reconcileSplits(ctx: PayoutsContext, runId: string): Promise<number> {
  const overdue = new Date(Date.now() - ctx.terms.splitAfterSeconds * 1000 - OVERDUE_MS);
  const waitingJob = ctx.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, PAYOUT_JOBS.split),
        inArray(jobs.status, ['queued', 'running']),
        sql`${jobs.payload}->>'orderId' = ${orderEarnings.orderId}::text`,
      ),
    );
  const orphans = await ctx.db
    .select({ orderId: orderEarnings.orderId, sharePaise: orderEarnings.sharePaise })
    .from(orderEarnings)
    .where(
      and(eq(orderEarnings.splitState, 'none'), lt(orderEarnings.paidAt, overdue), notExists(waitingJob)),
    )
    .limit(BATCH);
  for (const { orderId, sharePaise } of orphans) {
    const job = await ctx.db.transaction(async (tx) => {
      await recordFinding(tx, {
        key: `split_requeued:${orderId}:${runId}`,
        kind: 'split_requeued',
        cutroomOrderId: orderId,
        amountPaise: sharePaise,
        found: 'The editor’s share of this paid order was never sent to be split, and no split was waiting.',
        action:
          'Sent to be split now (or paid by Cutroom when it clears, if the gateway’s window has passed).',
        runId,
      });
      return insertJob(tx, {
        kind: PAYOUT_JOBS.split,
        payload: { orderId },
        maxAttempts: PAYOUT_JOB_ATTEMPTS,
      });
    });
    ctx.jobs.dispatch(job);
  }
  return orphans.length + (await checkSplitsAtGateway(ctx, runId));
}
