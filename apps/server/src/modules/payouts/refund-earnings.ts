import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderEarnings, payoutAdjustments, refunds } from '../../db/schema';
import { insertJob } from '../../lib/jobs/store';
import type { AfterCommit, RefundSucceeded as PaymentRefundedEvent } from '../../events';
import { refundTotalsOf } from '../payments';
import { lockEarnings, lockEditorBalance, type EarningsAnnouncer, type EarningsRow } from './earnings';
import { editorBalances, orderAccountPaise, post } from './ledger';
import { PAYOUT_JOBS, PAYOUT_JOB_ATTEMPTS } from './jobs';
import { editorPartOfRefund, platformPartsOfRefund, refundLines } from './rules';

/**
 * A refund of an order's payment reached SUCCESS (in the refund's transaction, the payment locked): the
 * editor's part leaves what the order still holds as pending, then the available balance; what that balance
 * cannot cover is a negative adjustment. When the gateway already holds the share (split made) and the
 * refund did not carry the editor's part back, a DEBIT adjustment is queued to take it.
 */
export async function recordRefund(
  tx: Db,
  announce: EarningsAnnouncer,
  event: PaymentRefundedEvent,
): Promise<AfterCommit[]> {
  const [link] = await tx
    .select({ orderId: orderEarnings.orderId })
    .from(orderEarnings)
    .where(eq(orderEarnings.paymentId, event.paymentId));
  if (!link) return [];
  const row = await lockEarnings(tx, link.orderId);
  if (!row) return [];
  const refundPaise = Math.min(event.refundAmountPaise, row.grossPaise - row.refundedPaise);
  if (refundPaise <= 0) return [];
  const editorPart = editorPartOfRefund(row, row, refundPaise);
  const platform = platformPartsOfRefund(row, taxesRefunded(row), refundPaise, editorPart);
  // Serialised with clearings and settlements, which move this order's pending share too.
  await lockEditorBalance(tx, row.editorId);
  const pending = row.clearedAt ? 0 : await orderAccountPaise(tx, row.orderId, 'editor_pending');
  const available = (await editorBalances(tx, row.editorId)).available;
  const lines = refundLines({
    refundPaise,
    editorPartPaise: editorPart,
    platform,
    pendingPaise: pending,
    availablePaise: available,
  });
  const posted = await post(tx, {
    key: `refund:${event.refundId}`,
    kind: 'refund',
    editorId: row.editorId,
    orderId: row.orderId,
    lines: lines.refund,
  });
  if (!posted) return [];
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
      gstRefundedPaise: row.gstRefundedPaise + platform.gstPaise,
      tcsRefundedPaise: row.tcsRefundedPaise + platform.tcsPaise,
      tdsRefundedPaise: row.tdsRefundedPaise + platform.tdsPaise,
      updatedAt: sql`now()`,
    })
    .where(eq(orderEarnings.orderId, row.orderId));
  // A missed share is the gateway's only once Cutroom credited it (gatewayExcessPaise counts CREDITs).
  const gatewayHoldsShare =
    row.splitState === 'done' || row.splitState === 'requested' || row.splitState === 'missed';
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
  return announce.refundBooked(tx, {
    orderId: row.orderId,
    refundId: event.refundId,
    refundPaise,
    editorPaise: editorPart,
    ...platform,
  });
}

/** What earlier refunds took back of the commission and of each withheld tax. */
export function taxesRefunded(row: EarningsRow) {
  const gstPaise = row.gstRefundedPaise;
  const tcsPaise = row.tcsRefundedPaise;
  const tdsPaise = row.tdsRefundedPaise;
  return {
    refundedPaise: row.refundedPaise,
    commissionRefundedPaise: row.refundedPaise - row.editorRefundedPaise - gstPaise - tcsPaise - tdsPaise,
    gstPaise,
    tcsPaise,
    tdsPaise,
  };
}

/**
 * What the gateway holds for the editor on this order beyond their share less every refund's part: the
 * split sent, less what refunds carried back (refund_splits) and the adjustments already asked for. A split
 * made while a refund was in flight left that refund's part out, so the refund's success owes nothing more
 * (counting only "part − carried" took it twice). Negative or zero: nothing to take.
 */
export async function gatewayExcessPaise(
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
