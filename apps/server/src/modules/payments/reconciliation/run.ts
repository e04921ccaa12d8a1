import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { ReconciliationRun } from '@cutroom/contracts';
import { jobs, payments, reconciliationRuns, refunds } from '../../../db/schema';
import type { PaymentsContext } from '../context';
import { LATE_SETTLEMENT_MS, reconcilePayment } from '../reconcile';
import { findingsOfRun, toRun } from './queries';
import { recheckRefund } from './refunds';
import { recordFinding } from './findings';

/** The durable, repeating job that runs the scheduled passes (job.ts). */
export const RECONCILE_JOB = 'payments.reconcile';
/** At most this many of each are asked about per run; the least recently checked go first. */
const BATCH = 100;
/** A run not finished after this long died with its server; another may start. */
const STALE_RUN_MS = 10 * 60_000;
/** A lapsed payment is asked about again at most this often while a late success may still come. */
const FAILED_RECHECK_MS = 60 * 60_000;

/**
 * One pass of reconciliation: every payment still open past RECONCILE_AFTER_SECONDS (and lapsed ones
 * a late success may still settle), and every refund still on its way, is checked with the gateway and
 * corrected through the webhook's own path; each mismatch becomes a finding. Null when a run is under
 * way elsewhere.
 */
export async function runReconciliation(
  ctx: PaymentsContext,
  trigger: 'schedule' | 'admin',
): Promise<ReconciliationRun | null> {
  const run = await startRun(ctx, trigger);
  if (!run) return null;
  const checked = { payments: 0, refunds: 0, splits: 0 };
  let error: string | null = null;
  try {
    checked.payments = await checkPayments(ctx, run.id);
    checked.refunds = await checkRefunds(ctx, run.id);
    checked.splits = await ctx.hooks.reconcilePayouts(run.id);
  } catch (err) {
    ctx.log.error({ err }, 'reconciliation run failed');
    error = err instanceof Error ? err.message : String(err);
  }
  const [done] = await ctx.db
    .update(reconciliationRuns)
    .set({ finishedAt: sql`now()`, checked, error })
    .where(eq(reconciliationRuns.id, run.id))
    .returning();
  return toRun(done!, await findingsOfRun(ctx.db, run.id));
}

/** A reconciliation job still running under an unexpired lease, claimed before the run started. */
const liveJobClaimedBefore = sql`select 1 from ${jobs} where ${jobs.kind} = ${RECONCILE_JOB}
  and ${jobs.status} = 'running' and ${jobs.lockedUntil} > now()
  and ${jobs.updatedAt} <= ${reconciliationRuns.startedAt}`;

async function startRun(ctx: PaymentsContext, trigger: 'schedule' | 'admin') {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('payments:reconciliation'))`);
    const [running] = await tx
      .select({ id: reconciliationRuns.id })
      .from(reconciliationRuns)
      .where(
        and(
          isNull(reconciliationRuns.finishedAt),
          gt(reconciliationRuns.startedAt, new Date(Date.now() - STALE_RUN_MS)),
          // A scheduled run lives only as long as the job that started it holds its lease: one killed with
          // its server (kill -9) must not hold back every pass, refunds' re-sends included, for 10 minutes.
          or(eq(reconciliationRuns.trigger, 'admin'), sql`exists (${liveJobClaimedBefore})`),
        ),
      )
      .limit(1);
    if (running) return null;
    const [row] = await tx.insert(reconciliationRuns).values({ trigger }).returning();
    return row!;
  });
}

/** Claims a batch by stamping it checked now, so the next run starts with the others. */
async function checkPayments(ctx: PaymentsContext, runId: string): Promise<number> {
  const overdue = new Date(Date.now() - ctx.config.RECONCILE_AFTER_SECONDS * 1000);
  const open = and(eq(payments.status, 'INITIATED'), lt(payments.createdAt, overdue));
  const lapsed = and(
    eq(payments.status, 'FAILED'),
    gt(payments.expiresAt, new Date(Date.now() - LATE_SETTLEMENT_MS)),
    lt(payments.updatedAt, new Date(Date.now() - FAILED_RECHECK_MS)),
  );
  let count = 0;
  for (const which of [open, lapsed]) {
    const batch = ctx.db
      .select({ id: payments.id })
      .from(payments)
      .where(which)
      .orderBy(asc(payments.updatedAt))
      .limit(BATCH);
    const due = await ctx.db
      .update(payments)
      .set({ updatedAt: new Date() })
      .where(inArray(payments.id, batch))
      .returning();
    for (const payment of due) {
      count += 1;
      await reconcilePayment(ctx, payment);
      const [after] = await ctx.db.select().from(payments).where(eq(payments.id, payment.id));
      if (after?.status !== 'SUCCESS') continue;
      await recordFinding(ctx.db, {
        key: `payment_confirmed:${payment.orderId}`,
        kind: 'payment_confirmed',
        gatewayOrderId: payment.orderId,
        cutroomOrderId: payment.cutroomOrderId,
        amountPaise: payment.amountPaise,
        found: `Paid at the gateway while ${payment.status} with us; the payment webhook never arrived.`,
        action: 'Marked paid; the order went ahead as if the webhook had come.',
        runId,
      });
    }
  }
  return count;
}

async function checkRefunds(ctx: PaymentsContext, runId: string): Promise<number> {
  const overdue = new Date(Date.now() - ctx.config.RECONCILE_AFTER_SECONDS * 1000);
  const batch = ctx.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(inArray(refunds.status, ['PENDING', 'ONHOLD']), lt(refunds.updatedAt, overdue)))
    .orderBy(asc(refunds.updatedAt))
    .limit(BATCH);
  const due = await ctx.db
    .update(refunds)
    .set({ updatedAt: new Date() })
    .where(inArray(refunds.id, batch))
    .returning();
  for (const refund of due) {
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, refund.paymentId));
    try {
      await recheckRefund(ctx, payment!, refund, runId);
    } catch (err) {
      ctx.log.warn({ err, refundId: refund.refundId }, 'refund reconciliation failed');
    }
  }
  return due.length;
}
