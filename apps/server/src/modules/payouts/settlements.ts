import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { orderEarnings, payoutAccounts, payoutSettlements } from '../../db/schema';
import type { Db } from '../../db/client';
import { recordFinding, type GatewayEvent } from '../payments';
import type { PayoutsContext } from './context';
import { clearOrder, lockEditorBalance } from './earnings';
import { editorBalances, pendingByOrder, post } from './ledger';
import { clearingLines, earlySettlementParts, settlementLines } from './rules';

type SettlementEvent = Extract<GatewayEvent, { kind: 'vendor_settlement' }>;

/**
 * A VENDOR_SETTLEMENT_* webhook: the settlement is recorded, and its money moves in the ledger once:
 * SUCCESS takes it from available to paid out, REVERSED gives it back. Orders whose clearing is due are
 * cleared first (the gateway's schedule may run a moment before our job); what a settlement pays beyond
 * the available balance came out of shares still clearing, and is moved from pending first.
 */
export async function applySettlement(
  ctx: PayoutsContext,
  event: SettlementEvent,
): Promise<'applied' | 'duplicate' | 'ignored'> {
  const [account] = await ctx.db
    .select({ editorId: payoutAccounts.editorId })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.vendorId, event.vendorId));
  if (!account) {
    ctx.log.warn({ vendorId: event.vendorId }, 'settlement for an unknown vendor ignored');
    return 'ignored';
  }
  const editorId = account.editorId;
  if (event.status === 'SUCCESS') await clearDueOrders(ctx, editorId);
  return ctx.db.transaction(async (tx) => {
    await lockEditorBalance(tx, editorId);
    const values = {
      editorId,
      vendorId: event.vendorId,
      gatewaySettlementId: event.settlementId,
      amountPaise: event.amountPaise,
      status: event.status,
      utr: event.utr,
      reason: event.reason,
      initiatedAt: event.initiatedAt ? new Date(event.initiatedAt) : null,
      settledAt: event.settledAt ? new Date(event.settledAt) : null,
    };
    const [before] = await tx
      .select()
      .from(payoutSettlements)
      .where(eq(payoutSettlements.gatewaySettlementId, event.settlementId))
      .for('update');
    // A late INITIATED never undoes an outcome. SUCCESS may still turn FAILED or REVERSED (the money is
    // given back); a SUCCESS after that is not applied again (its key is posted) and is left to an admin.
    const rank = { INITIATED: 0, SUCCESS: 1, FAILED: 2, REVERSED: 3 } as const;
    if (before && rank[before.status] > rank[event.status]) return 'duplicate';
    if (before && before.status === event.status) return 'duplicate';
    const [row] = before
      ? await tx
          .update(payoutSettlements)
          .set({
            ...values,
            utr: values.utr ?? before.utr,
            initiatedAt: values.initiatedAt ?? before.initiatedAt,
            updatedAt: sql`now()`,
          })
          .where(eq(payoutSettlements.id, before.id))
          .returning()
      : await tx.insert(payoutSettlements).values(values).returning();
    const settlementId = row!.id;
    if (event.status === 'SUCCESS') {
      const { available } = await editorBalances(tx, editorId);
      const early = earlySettlementParts(event.amountPaise, available, await pendingByOrder(tx, editorId));
      for (const part of early) {
        await post(tx, {
          key: `settlement-early:${event.settlementId}:${part.orderId}`,
          kind: 'adjustment',
          editorId,
          orderId: part.orderId,
          settlementId,
          lines: clearingLines(part.amountPaise),
        });
      }
      await post(tx, {
        key: `settlement:${event.settlementId}`,
        kind: 'settlement',
        editorId,
        settlementId,
        lines: settlementLines(event.amountPaise),
      });
    }
    // A settlement the gateway reported paid and then failed (or reversed) gives the money back to the
    // available balance once, so a Retry pays it again rather than twice.
    if ((event.status === 'REVERSED' || event.status === 'FAILED') && before?.status === 'SUCCESS') {
      if (event.status === 'FAILED') await noteFailedAfterSuccess(tx, event, editorId);
      await post(tx, {
        key: `settlement-reversal:${event.settlementId}`,
        kind: 'settlement_reversal',
        editorId,
        settlementId,
        lines: settlementLines(-event.amountPaise),
      });
    }
    return 'applied';
  });
}

async function clearDueOrders(ctx: PayoutsContext, editorId: string): Promise<void> {
  const due = await ctx.db
    .select({ orderId: orderEarnings.orderId })
    .from(orderEarnings)
    .where(
      and(
        eq(orderEarnings.editorId, editorId),
        isNull(orderEarnings.clearedAt),
        lte(orderEarnings.clearsAt, sql`now()`),
      ),
    );
  for (const { orderId } of due) await ctx.db.transaction((tx) => clearOrder(tx, orderId));
}

async function noteFailedAfterSuccess(tx: Db, event: SettlementEvent, editorId: string): Promise<void> {
  await recordFinding(tx, {
    key: `settlement_failed_after_success:${event.settlementId}`,
    kind: 'settlement_failed_after_success',
    amountPaise: event.amountPaise,
    found: `Settlement ${event.settlementId} to vendor ${event.vendorId} was reported paid, then failed${event.reason ? `: ${event.reason}` : ''}.`,
    action: `The payout was reversed in the books (editor ${editorId}); it can be retried from Payouts.`,
  });
}
