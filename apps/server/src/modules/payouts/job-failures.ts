import { eq } from 'drizzle-orm';
import { orderEarnings } from '../../db/schema';
import type { JobRow } from '../../lib/jobs/store';
import { recordFinding } from '../payments';
import type { PayoutsContext } from './context';
import { PAYOUT_JOB_ATTEMPTS } from './jobs';
import { moveAdjustment, moveSplit } from './states';

const gaveUp = (job: JobRow) =>
  `No answer from the payment gateway after ${PAYOUT_JOB_ATTEMPTS} attempts${job.lastError ? ` (${job.lastError})` : ''}.`;

/**
 * A split job gave up (the gateway never answered): the split shows as failed with the reason, where an
 * admin's Retry finds it, instead of staying "requested" for ever.
 */
export async function splitJobFailed(ctx: PayoutsContext, job: JobRow): Promise<void> {
  const orderId = String(job.payload.orderId);
  const [row] = await moveSplit(ctx.db, eq(orderEarnings.orderId, orderId), 'failed', {
    from: ['requested'],
    set: { splitError: gaveUp(job) },
  });
  if (!row) return;
  await recordFinding(ctx.db, {
    key: `payout_step_failed:split:${job.id}`,
    kind: 'payout_step_failed',
    cutroomOrderId: orderId,
    amountPaise: row.splitPaise,
    found: `The editor's split of this order was not confirmed: ${gaveUp(job)}`,
    action: 'Marked failed; Retry it from Payouts.',
  });
}

/** An adjustment job gave up: as a split's, it shows as failed with the reason. */
export async function adjustmentJobFailed(ctx: PayoutsContext, job: JobRow): Promise<void> {
  const adjustmentId = String(job.payload.adjustmentId);
  const [row] = await moveAdjustment(ctx.db, adjustmentId, 'failed', { error: gaveUp(job) });
  if (!row) return;
  await recordFinding(ctx.db, {
    key: `payout_step_failed:adjustment:${job.id}`,
    kind: 'payout_step_failed',
    cutroomOrderId: row.orderId,
    amountPaise: row.amountPaise,
    found: `Taking a refund's part back from the editor's vendor balance was not confirmed: ${gaveUp(job)}`,
    action: 'Marked failed; Retry it from Payouts.',
  });
}
