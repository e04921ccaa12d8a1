import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderEarnings, orders, payoutAdjustments, refunds } from '../../db/schema';
import { insertJob } from '../../lib/jobs/store';
import type { RefundSucceeded as PaymentRefundedEvent } from '../../events';
import { refundTotalsOf } from '../payments';
import { editorBalances, orderAccountPaise, post } from './ledger';
import { PAYOUT_JOBS, PAYOUT_JOB_ATTEMPTS } from './jobs';
import { clearingLines, editorPartOfRefund, paymentLines, refundLines, splitPayment } from './rules';

export type EarningsRow = typeof orderEarnings.$inferSelect;

/** What the rules read from configuration when an order is paid; fixed on the order from then on. */
export interface PayoutTerms {
  feePercent: number;
  clearingSeconds: number;
}

/**
 * Serialises everything that reads and then moves an editor's available balance (refunds after
 * clearing, clearings, settlements), so two of them never both spend the same rupees. Taken after any
 * order_earnings row lock, never before.
 */
export async function lockEditorBalance(tx: Db, editorId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payouts:${editorId}`}))`);
}

export async function lockEarnings(tx: Db, orderId: string): Promise<EarningsRow | null> {
  // The order's row first (KEY SHARE: it waits only for a change of the order in progress). An order's
  // change locks the order and then writes its earnings (a dispute's hold, a completion's clearing date);
  // taking the earnings first and then the order (the ledger's foreign key) deadlocked against it.
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('key share');
  const [row] = await tx.select().from(orderEarnings).where(eq(orderEarnings.orderId, orderId)).for('update');
  return row ?? null;
}

/**
 * A payment became the order's payment: the commission is fixed, the editor's share is pending. In the
 * payment's own transaction, so a paid order always has its ledger lines. An order already closed
 * (approved before paying) starts clearing at once.
 */
export async function recordOrderPaid(
  tx: Db,
  terms: PayoutTerms,
  order: typeof orders.$inferSelect,
  payment: { id: string; amountPaise: number },
): Promise<void> {
  const shares = splitPayment(payment.amountPaise, terms.feePercent);
  const [row] = await tx
    .insert(orderEarnings)
    .values({
      orderId: order.id,
      editorId: order.editorId,
      paymentId: payment.id,
      grossPaise: payment.amountPaise,
      feePercent: terms.feePercent,
      commissionPaise: shares.commissionPaise,
      sharePaise: shares.sharePaise,
      clearingSeconds: terms.clearingSeconds,
      paidAt: order.paidAt ?? new Date(),
      // Paid while a dispute is open (pay on approval): held from the start.
      heldAt: order.disputeId ? new Date() : null,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return;
  await post(tx, {
    key: `payment:${payment.id}`,
    kind: 'payment',
    editorId: order.editorId,
    orderId: order.id,
    lines: paymentLines(payment.amountPaise, shares),
  });
  if (order.status === 'completed' || order.status === 'cancelled') await closeOrderEarnings(tx, order);
}

/**
 * The order completed (or was cancelled with something kept): the clearing period starts. A completed
 * order's share is split to the editor's vendor at once; a cancelled one's when it clears, after any
 * refund has gone back.
 */
export async function closeOrderEarnings(tx: Db, order: { id: string; status: string }): Promise<void> {
  const [row] = await tx
    .update(orderEarnings)
    .set({
      closedAt: sql`now()`,
      clearsAt: sql`now() + make_interval(secs => ${orderEarnings.clearingSeconds})`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(orderEarnings.orderId, order.id), sql`${orderEarnings.closedAt} is null`))
    .returning();
  if (!row) return;
  const clearInMs = row.clearingSeconds * 1000;
  await insertJob(tx, {
    kind: PAYOUT_JOBS.clear,
    payload: { orderId: row.orderId },
    maxAttempts: PAYOUT_JOB_ATTEMPTS,
    delayMs: clearInMs,
  });
  await insertJob(tx, {
    kind: PAYOUT_JOBS.split,
    payload: { orderId: row.orderId },
    maxAttempts: PAYOUT_JOB_ATTEMPTS,
    delayMs: order.status === 'completed' ? 0 : clearInMs,
  });
}

/** The clearing period ended: what the order still holds as pending becomes available. */
export async function clearOrder(tx: Db, orderId: string): Promise<boolean> {
  const row = await lockEarnings(tx, orderId);
  // Held by an open dispute: it clears when the dispute ends (dispute-hold.ts).
  if (!row || row.clearedAt || !row.clearsAt || row.heldAt) return false;
  const [due] = await tx
    .select({ due: sql<boolean>`${orderEarnings.clearsAt} <= now()` })
    .from(orderEarnings)
    .where(eq(orderEarnings.orderId, orderId));
  if (!due?.due) return false;
  await lockEditorBalance(tx, row.editorId);
  const pending = await orderAccountPaise(tx, orderId, 'editor_pending');
  await post(tx, {
    key: `clearing:${orderId}`,
    kind: 'clearing',
    editorId: row.editorId,
    orderId,
    lines: clearingLines(pending),
  });
  await tx
    .update(orderEarnings)
    .set({ clearedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(orderEarnings.orderId, orderId));
  return true;
}

/**
 * A refund of an order's payment reached SUCCESS (in the refund's transaction, the payment locked): the
 * editor's part leaves their pending share, or their available balance once cleared; what that balance
 * cannot cover is a negative adjustment. When the gateway already holds the share (split made) and the
 * refund did not carry the editor's part back, a DEBIT adjustment is queued to take it.
 */
export async function recordRefund(tx: Db, event: PaymentRefundedEvent): Promise<void> {
  const [link] = await tx
    .select({ orderId: orderEarnings.orderId })
    .from(orderEarnings)
    .where(eq(orderEarnings.paymentId, event.paymentId));
  if (!link) return;
  const row = await lockEarnings(tx, link.orderId);
  if (!row) return;
  const refundPaise = Math.min(event.refundAmountPaise, row.grossPaise - row.refundedPaise);
  if (refundPaise <= 0) return;
  const editorPart = editorPartOfRefund(row, row, refundPaise);
  const cleared = row.clearedAt !== null;
  let available = 0;
  if (cleared) {
    await lockEditorBalance(tx, row.editorId);
    available = (await editorBalances(tx, row.editorId)).available;
  }
  const lines = refundLines({ refundPaise, editorPartPaise: editorPart, cleared, availablePaise: available });
  const posted = await post(tx, {
    key: `refund:${event.refundId}`,
    kind: 'refund',
    editorId: row.editorId,
    orderId: row.orderId,
    lines: lines.refund,
  });
  if (!posted) return;
  await post(tx, {
    key: `refund-adjustment:${event.refundId}`,
    kind: 'adjustment',
    editorId: row.editorId,
    orderId: row.orderId,
    lines: lines.adjustment,
  });
  await tx
    .update(orderEarnings)
    .set({
      refundedPaise: row.refundedPaise + refundPaise,
      editorRefundedPaise: row.editorRefundedPaise + editorPart,
      updatedAt: sql`now()`,
    })
    .where(eq(orderEarnings.orderId, row.orderId));
  const gatewayHoldsShare = row.splitState === 'done' || row.splitState === 'requested';
  const owed = gatewayHoldsShare
    ? await gatewayExcessPaise(tx, row, row.editorRefundedPaise + editorPart)
    : 0;
  if (owed > 0) {
    const [adjustment] = await tx
      .insert(payoutAdjustments)
      .values({
        editorId: row.editorId,
        orderId: row.orderId,
        amountPaise: owed,
        type: 'DEBIT',
      })
      .returning();
    await insertJob(tx, {
      kind: PAYOUT_JOBS.adjust,
      payload: { adjustmentId: adjustment!.id },
      maxAttempts: PAYOUT_JOB_ATTEMPTS,
    });
  }
}

/**
 * What the gateway holds for the editor on this order beyond their share less every refund's part: the
 * split sent, less what refunds carried back (refund_splits) and the adjustments already asked for. A split
 * made while a refund was in flight left that refund's part out, so the refund's success owes nothing more
 * (counting only "part − carried" took it twice). Negative or zero: nothing to take.
 */
async function gatewayExcessPaise(
  tx: Db,
  row: { orderId: string; paymentId: string; splitPaise: number | null; sharePaise: number },
  editorRefundedAfterPaise: number,
): Promise<number> {
  const [carried] = await tx
    .select({ paise: sql<number>`coalesce(sum(${refunds.vendorSplitPaise}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, row.paymentId), eq(refunds.status, 'SUCCESS')));
  const [adjusted] = await tx
    .select({
      paise: sql<number>`coalesce(sum(case when ${payoutAdjustments.type} = 'DEBIT' then ${payoutAdjustments.amountPaise} else -${payoutAdjustments.amountPaise} end), 0)::int`,
    })
    .from(payoutAdjustments)
    .where(eq(payoutAdjustments.orderId, row.orderId));
  const held = (row.splitPaise ?? 0) - Number(carried?.paise ?? 0) - Number(adjusted?.paise ?? 0);
  return held - (row.sharePaise - editorRefundedAfterPaise);
}

/**
 * The part of a refund being created that comes back from the editor's vendor balance (refund_splits):
 * only while the gateway holds the share unsettled (split made, not cleared). Runs with the payment
 * locked, and locks the order's earnings, so a split being requested at the same moment either counts
 * this refund or sees it carry its part.
 */
export async function planRefundSplit(
  tx: Db,
  payment: { id: string; amountPaise: number },
  refundPaise: number,
  vendorIdOf: (editorId: string) => Promise<string | null>,
): Promise<{ vendorId: string; amountPaise: number } | null> {
  const [link] = await tx
    .select({ orderId: orderEarnings.orderId })
    .from(orderEarnings)
    .where(eq(orderEarnings.paymentId, payment.id));
  if (!link) return null;
  const row = await lockEarnings(tx, link.orderId);
  if (!row || row.clearedAt || (row.splitState !== 'done' && row.splitState !== 'requested')) return null;
  const vendorId = await vendorIdOf(row.editorId);
  if (!vendorId) return null;
  const inFlight = await pendingRefundsPaise(tx, payment.id);
  const part = editorPartOfRefund(
    row,
    { refundedPaise: row.refundedPaise + inFlight, editorRefundedPaise: row.editorRefundedPaise },
    refundPaise,
  );
  return part > 0 ? { vendorId, amountPaise: part } : null;
}

/** Refunds of a payment reserved or on their way but not yet SUCCESS. */
export async function pendingRefundsPaise(tx: Db, paymentId: string): Promise<number> {
  return (await refundTotalsOf(tx, paymentId)).pendingPaise;
}
