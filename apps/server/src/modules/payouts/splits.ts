import { eq } from 'drizzle-orm';
import { orderReference } from '@cutroom/contracts';
import { orderEarnings, orders, payments, payoutAccounts, payoutAdjustments } from '../../db/schema';
import { GatewayError } from '../payments';
import type { PayoutsContext } from './context';
import { lockEarnings } from './earnings';
import { pendingRefundsPaise } from './refund-earnings';
import { editorPartOfRefund } from './rules';
import { moveAdjustment, moveSplit } from './states';
import { gatewayReason } from './vendors';

/**
 * The split job: tells the gateway the editor's share of a closed order (split after payment), less
 * what refunds took or are taking. Decided with the order's earnings locked (see planRefundSplit), then
 * marked 'requested' before the call, so a refund created meanwhile carries its own part back.
 */
export async function splitOrderShare(ctx: PayoutsContext, orderId: string): Promise<void> {
  const plan = await ctx.db.transaction(async (tx) => {
    const row = await lockEarnings(tx, orderId);
    if (!row || row.splitState === 'done') return null;
    const [account] = await tx.select().from(payoutAccounts).where(eq(payoutAccounts.editorId, row.editorId));
    // While a change of details is held the vendor is BLOCKED at the gateway, which may refuse splits:
    // the split waits, and the end of the hold sends it (queueWaitingSplits).
    const held = account?.heldUntil != null && account.heldUntil.getTime() > Date.now();
    if (!account || account.vendorState !== 'active' || held) {
      await moveSplit(tx, eq(orderEarnings.orderId, orderId), 'waiting');
      return null;
    }
    const inFlight = await pendingRefundsPaise(tx, row.paymentId);
    const takenByPending = editorPartOfRefund(row, row, inFlight);
    const amountPaise = row.sharePaise - row.editorRefundedPaise - takenByPending;
    const [payment] = await tx
      .select({ gatewayOrderId: payments.orderId })
      .from(payments)
      .where(eq(payments.id, row.paymentId));
    const [order] = await tx.select({ number: orders.number }).from(orders).where(eq(orders.id, orderId));
    await moveSplit(tx, eq(orderEarnings.orderId, orderId), amountPaise > 0 ? 'requested' : 'done', {
      set: { splitPaise: Math.max(0, amountPaise), splitError: null },
    });
    return amountPaise > 0
      ? {
          amountPaise,
          vendorId: account.vendorId,
          gatewayOrderId: payment!.gatewayOrderId,
          number: order!.number,
        }
      : null;
  });
  if (!plan) return;
  let state: 'done' | 'failed' = 'done';
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
    // A split the gateway already holds (a retry after a lost answer) is the one we asked for.
    const existing = err.statusCode === 409 ? await ctx.gateway.getOrderSplit(plan.gatewayOrderId) : null;
    if (!existing?.vendors.some((v) => v.vendorId === plan.vendorId)) {
      state = 'failed';
      error = gatewayReason(err);
    }
  }
  // The answer to the split this run requested (a run that overlapped it and answered first stands).
  await moveSplit(ctx.db, eq(orderEarnings.orderId, orderId), state, {
    from: ['requested'],
    set: { splitError: error },
  });
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
      remarks: 'Refund after split',
    });
  } catch (err) {
    if (!(err instanceof GatewayError) || !err.definitive) throw err;
    state = 'failed';
    error = gatewayReason(err);
  }
  // Only a requested adjustment takes the answer (a Retry that raced this run re-queued its own).
  await moveAdjustment(ctx.db, adjustmentId, state, { error });
}
