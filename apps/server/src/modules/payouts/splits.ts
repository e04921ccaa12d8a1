import { eq } from 'drizzle-orm';
import { orderReference } from '@cutroom/contracts';
import { orderEarnings, orders, payments, payoutAccounts, payoutAdjustments } from '../../db/schema';
import type { Db } from '../../db/client';
import { crashPoint } from '../../lib/crash-points';
import { insertJob } from '../../lib/jobs/store';
import { GatewayError, refundTotalsOf, SPLIT_NEVER_POSSIBLE, SPLIT_TOO_SOON } from '../payments';
import { PAYOUT_JOBS, PAYOUT_JOB_ATTEMPTS } from './jobs';
import type { PayoutsContext } from './context';
import { lockEarnings } from './earnings';
import { editorPartOfRefund } from './rules';
import { moveAdjustment, moveSplit } from './states';
import { gatewayReason } from './vendors';

/** A split this soon after the payment would be refused: the job tries again a little later. */
export class SplitTooSoon extends Error {}

type SplitPlan = {
  kind: 'send';
  amountPaise: number;
  vendorId: string;
  gatewayOrderId: string;
  number: number;
} | null;

/**
 * The split job: tells the gateway the editor's share of a paid order (split after payment), less what
 * refunds took or are taking, a little after the payment, so the gateway holds it until it clears. Decided
 * with the order's earnings locked (see planRefundSplit), then marked 'requested' before the call, so a
 * refund created meanwhile carries its own part back. A share the gateway will never take (past the split
 * window, or a refund came first) is 'missed': Cutroom pays it from its own balance when it clears.
 */
export async function splitOrderShare(ctx: PayoutsContext, orderId: string): Promise<void> {
  const plan: SplitPlan = await ctx.db.transaction(async (tx) => {
    const row = await lockEarnings(tx, orderId);
    if (!row || row.splitState === 'done' || row.splitState === 'missed') return null;
    const sincePaid = Date.now() - row.paidAt.getTime();
    if (sincePaid < ctx.terms.splitAfterSeconds * 1000) {
      throw new SplitTooSoon('the gateway takes a split only a little after the payment');
    }
    const missed = (reason: string) => markMissed(ctx, tx, row, reason).then(() => null);
    if (sincePaid > ctx.config.PAYOUT_SPLIT_WINDOW_HOURS * 3_600_000) return missed(MISSED.window);
    const [account] = await tx.select().from(payoutAccounts).where(eq(payoutAccounts.editorId, row.editorId));
    // While a change of details is held the vendor is BLOCKED at the gateway, which may refuse splits:
    // the split waits, and the end of the hold sends it (queueWaitingSplits).
    const held = account?.heldUntil != null && account.heldUntil.getTime() > Date.now();
    if (!account || account.vendorState !== 'active' || held) {
      await moveSplit(tx, eq(orderEarnings.orderId, orderId), 'waiting');
      return null;
    }
    const { pendingPaise, pendingOrRefundedPaise } = await refundTotalsOf(tx, row.paymentId);
    const takenByPending = editorPartOfRefund(row, row, pendingPaise);
    const amountPaise = row.sharePaise - row.editorRefundedPaise - takenByPending;
    if (amountPaise <= 0) {
      await moveSplit(tx, eq(orderEarnings.orderId, orderId), 'done', {
        set: { splitPaise: 0, splitError: null },
      });
      return null;
    }
    // Cashfree takes no split once the order has a refund.
    if (pendingOrRefundedPaise > 0) return missed(MISSED.refund);
    const [payment] = await tx
      .select({ gatewayOrderId: payments.orderId })
      .from(payments)
      .where(eq(payments.id, row.paymentId));
    const [order] = await tx.select({ number: orders.number }).from(orders).where(eq(orders.id, orderId));
    await moveSplit(tx, eq(orderEarnings.orderId, orderId), 'requested', {
      set: { splitPaise: amountPaise, splitError: null },
    });
    return {
      kind: 'send' as const,
      amountPaise,
      vendorId: account.vendorId,
      gatewayOrderId: payment!.gatewayOrderId,
      number: order!.number,
    };
  });
  if (!plan) return;
  crashPoint('split.requested');
  let state: 'done' | 'failed' | 'missed' = 'done';
  let error: string | null = null;
  try {
    await ctx.gateway.splitOrder({
      orderId: plan.gatewayOrderId,
      vendorId: plan.vendorId,
      amountPaise: plan.amountPaise,
      tags: { cutroom_order: orderReference(plan.number) },
    });
  } catch (err) {
    if (!(err instanceof GatewayError) || !err.definitive) throw err;
    if (SPLIT_TOO_SOON.test(err.message)) {
      // Back in line: the job tries again shortly (after its backoff), the same split.
      await moveSplit(ctx.db, eq(orderEarnings.orderId, orderId), 'none', { from: ['requested'] });
      throw new SplitTooSoon(gatewayReason(err));
    }
    // A split the gateway already holds (a retry after a lost answer) is the one we asked for; a
    // transaction it processed without ours will never take it.
    const existing = err.statusCode === 409 ? await ctx.gateway.getOrderSplit(plan.gatewayOrderId) : null;
    if (!existing?.vendors.some((v) => v.vendorId === plan.vendorId)) {
      const never = err.statusCode === 409 || SPLIT_NEVER_POSSIBLE.some((re) => re.test(err.message));
      state = never ? 'missed' : 'failed';
      error = never ? `${MISSED.refused} (${gatewayReason(err)})` : gatewayReason(err);
    }
  }
  crashPoint('split.answered');
  // The answer to the split this run requested (a run that overlapped it and answered first stands).
  const [moved] = await moveSplit(ctx.db, eq(orderEarnings.orderId, orderId), state, {
    from: ['requested'],
    set: { splitError: error, ...(state === 'missed' ? { splitPaise: 0 } : {}) },
  });
  if (moved?.splitState === 'missed' && moved.clearedAt) await queueRelease(ctx.db, orderId, ctx);
}

const MISSED = {
  window:
    'The split window passed before the payout account was ready; Cutroom pays the share when it clears.',
  refund:
    'A refund came before the split, and the gateway takes no split after a refund; Cutroom pays the share when it clears.',
  refused: 'The gateway will not take this split; Cutroom pays the share when it clears',
};

async function markMissed(
  ctx: PayoutsContext,
  tx: Db,
  row: { orderId: string; clearedAt: Date | null },
  reason: string,
): Promise<void> {
  await moveSplit(tx, eq(orderEarnings.orderId, row.orderId), 'missed', {
    set: { splitPaise: 0, splitError: reason },
  });
  if (row.clearedAt) await queueRelease(tx, row.orderId, ctx);
}

async function queueRelease(db: Db, orderId: string, ctx: PayoutsContext): Promise<void> {
  ctx.jobs.dispatch(
    await insertJob(db, {
      kind: PAYOUT_JOBS.release,
      payload: { orderId },
      maxAttempts: PAYOUT_JOB_ATTEMPTS,
    }),
  );
}

/** The adjustment job: takes a refund's editor part back from the vendor balance (a DEBIT). */
export async function applyAdjustment(ctx: PayoutsContext, adjustmentId: string): Promise<void> {
  const [row] = await ctx.db
    .select({ adjustment: payoutAdjustments, vendorId: payoutAccounts.vendorId })
    .from(payoutAdjustments)
    .innerJoin(payoutAccounts, eq(payoutAccounts.editorId, payoutAdjustments.editorId))
    .where(eq(payoutAdjustments.id, adjustmentId));
  if (!row || row.adjustment.state !== 'requested') return;
  let state: 'done' | 'failed' = 'done';
  let error: string | null = null;
  try {
    await ctx.gateway.createAdjustment({
      vendorId: row.vendorId,
      adjustmentId: row.adjustment.number,
      amountPaise: row.adjustment.amountPaise,
      type: row.adjustment.type,
      remarks: row.adjustment.type === 'DEBIT' ? 'Taken back: refund or chargeback' : 'Share paid by Cutroom',
    });
  } catch (err) {
    if (!(err instanceof GatewayError) || !err.definitive) throw err;
    state = 'failed';
    error = gatewayReason(err);
  }
  // Only a requested adjustment takes the answer (a Retry that raced this run re-queued its own).
  await moveAdjustment(ctx.db, adjustmentId, state, { error });
}
