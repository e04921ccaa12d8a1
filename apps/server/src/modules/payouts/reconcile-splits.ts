import { and, asc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { formatPaise } from '@cutroom/contracts';
import { orderEarnings, payments, payoutAccounts, payoutSettlements } from '../../db/schema';
import { recordFinding } from '../payments';
import type { PayoutsContext } from './context';

/** Each pass reads at most this many split orders from the gateway, the least recently checked first. */
const BATCH = 50;
/** Released shares are followed this long: a settlement the gateway made that never reached us. */
const FOLLOW_MS = 30 * 86_400_000;

/**
 * Our 'done' splits against Easy Split's own read of each order (GET /easy-split/orders/{id}): a split we
 * think the gateway holds that it does not, or holds at another amount, is a finding (never sent twice); a
 * share the gateway says it settled under a settlement we never heard
 * of is a finding for an admin (its webhook was lost: the settlement's money is not in our books).
 */
export async function checkSplitsAtGateway(ctx: PayoutsContext, runId: string): Promise<number> {
  const due = await ctx.db
    .update(orderEarnings)
    .set({ updatedAt: new Date() })
    .where(
      inArray(
        orderEarnings.orderId,
        ctx.db
          .select({ id: orderEarnings.orderId })
          .from(orderEarnings)
          .where(
            and(
              eq(orderEarnings.splitState, 'done'),
              gt(orderEarnings.splitPaise, 0),
              or(
                isNull(orderEarnings.clearedAt),
                gt(orderEarnings.clearedAt, new Date(Date.now() - FOLLOW_MS)),
              ),
            ),
          )
          .orderBy(asc(orderEarnings.updatedAt))
          .limit(BATCH),
      ),
    )
    .returning();
  for (const row of due) {
    try {
      await checkOne(ctx, runId, row);
    } catch (err) {
      ctx.log.warn({ err, orderId: row.orderId }, 'split reconciliation failed');
    }
  }
  return due.length;
}

async function checkOne(
  ctx: PayoutsContext,
  runId: string,
  row: typeof orderEarnings.$inferSelect,
): Promise<void> {
  const [target] = await ctx.db
    .select({ gatewayOrderId: payments.orderId, vendorId: payoutAccounts.vendorId })
    .from(payments)
    .innerJoin(payoutAccounts, eq(payoutAccounts.editorId, row.editorId))
    .where(eq(payments.id, row.paymentId));
  if (!target) return;
  const split = await ctx.gateway.getOrderSplit(target.gatewayOrderId);
  const share = split?.vendors.find((v) => v.vendorId === target.vendorId);
  const common = { cutroomOrderId: row.orderId, gatewayOrderId: target.gatewayOrderId, runId };
  if (!share || share.amountPaise !== row.splitPaise) {
    await recordFinding(ctx.db, {
      ...common,
      key: `split_mismatch:${row.orderId}:${share?.amountPaise ?? 'none'}`,
      kind: 'split_mismatch',
      amountPaise: row.splitPaise,
      found: share
        ? `The gateway holds ${formatPaise(share.amountPaise)} of this order for the editor; we split ${formatPaise(row.splitPaise ?? 0)}.`
        : `The gateway holds no split of this order for the editor; we split ${formatPaise(row.splitPaise ?? 0)}.`,
      action: 'Left as it is for an admin to look into with the gateway (a split is never sent twice).',
    });
    if (!share) return;
  }
  if (share.settlementId) {
    const [known] = await ctx.db
      .select({ id: payoutSettlements.id })
      .from(payoutSettlements)
      .where(eq(payoutSettlements.gatewaySettlementId, share.settlementId));
    if (!known) {
      await recordFinding(ctx.db, {
        ...common,
        key: `settlement_unknown:${share.settlementId}`,
        kind: 'settlement_unknown',
        amountPaise: share.amountPaise,
        found: `The gateway settled this order's share in settlement ${share.settlementId}, whose webhook never reached us.`,
        action:
          'Not booked: an admin checks the settlement on the gateway’s dashboard (its webhook can be sent again from there).',
      });
    }
  }
}
