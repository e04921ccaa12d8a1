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
 * money goes back as `bookMoneyBack` books it.
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
  const booked = await bookMoneyBack(tx, announce, row, event.refundAmountPaise, {
    entry: `refund:${event.refundId}`,
    refundId: event.refundId,
  });
  return booked?.then ?? [];
}

/**
 * Money of an order's payment went back to the creator (a refund, or a chargeback the platform lost),
 * with the order's earnings locked: capped at what is left unrefunded; the editor's part leaves what the
 * order still holds as pending, then the available balance, and what that balance cannot cover is a
 * negative adjustment; the platform's part leaves the commission and each withheld tax. When the gateway
 * already holds the share (split, or credited by Cutroom) beyond what is left of it, a DEBIT adjustment is
 * queued to take it back. Announced like a refund (its credit notes). Null when nothing was booked (none
 * left, or this entry was booked before).
 */
export async function bookMoneyBack(
  tx: Db,
  announce: Pick<EarningsAnnouncer, 'refundBooked'>,
  row: EarningsRow,
  amountPaise: number,
  /** The ledger key of the entry, and the id its credit notes are named after. */
  names: { entry: string; refundId: string },
): Promise<{ amountPaise: number; editorPaise: number; owedPaise: number; then: AfterCommit[] } | null> {
  const refundPaise = Math.min(amountPaise, row.grossPaise - row.refundedPaise);
  if (refundPaise <= 0) return null;
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
  const common = { editorId: row.editorId, orderId: row.orderId };
  // Kind `refund` and a `refund-adjustment:` key whatever the cause: the tax exports read them.
  if (!(await post(tx, { ...common, key: names.entry, kind: 'refund', lines: lines.refund }))) return null;
  await post(tx, {
    ...common,
    key: `refund-adjustment:${names.refundId}`,
    kind: 'adjustment',
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
      .values({ ...common, amountPaise: owed, type: 'DEBIT' })
      .returning();
    await insertJob(tx, {
      kind: PAYOUT_JOBS.adjust,
      payload: { adjustmentId: adjustment!.id },
      maxAttempts: PAYOUT_JOB_ATTEMPTS,
    });
  }
  const then = await announce.refundBooked(tx, {
    orderId: row.orderId,
    refundId: names.refundId,
    refundPaise,
    editorPaise: editorPart,
    ...platform,
  });
  return { amountPaise: refundPaise, editorPaise: editorPart, owedPaise: owed, then };
}

/** What earlier refunds took back of the commission and of each withheld tax. */
function taxesRefunded(row: EarningsRow) {
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
  // Refunds still on their way have carried (or will take) their own parts: count them as taken, so
  // this one carries only its own (the hostile tests found each carrying everyone's before it).
  const takenByInFlight = editorPartOfRefund(row, row, inFlight);
  const part = editorPartOfRefund(
    row,
    {
      refundedPaise: row.refundedPaise + inFlight,
      editorRefundedPaise: row.editorRefundedPaise + takenByInFlight,
    },
    refundPaise,
  );
  return part > 0 ? { vendorId, amountPaise: part } : null;
}

/** Refunds of a payment reserved or on their way but not yet SUCCESS. */
export async function pendingRefundsPaise(tx: Db, paymentId: string): Promise<number> {
  return (await refundTotalsOf(tx, paymentId)).pendingPaise;
}
