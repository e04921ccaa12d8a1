import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderEarnings, orders } from '../../db/schema';
import { insertJob } from '../../lib/jobs/store';
import type { AfterCommit, EarningsBooked, EarningsRefundBooked } from '../../events';
import { assessOrderTaxes } from '../tax';
import { orderAccountPaise, post } from './ledger';
import { PAYOUT_JOBS, PAYOUT_JOB_ATTEMPTS } from './jobs';
import { clearingLines, paymentLines, splitPayment } from './rules';

export type EarningsRow = typeof orderEarnings.$inferSelect;

/** What the rules read from configuration when an order is paid; fixed on the order from then on. */
export interface PayoutTerms {
  feePercent: number;
  clearingSeconds: number;
  /** The platform's GST state: an editor elsewhere is charged IGST on the commission. */
  platformStateCode: string;
  /** The share is split at the gateway this long after the payment (never sooner than it allows). */
  splitAfterSeconds: number;
}

/** Announces what was booked, in the same transaction (invoices issues its paper from it). */
export interface EarningsAnnouncer {
  booked(tx: Db, event: EarningsBooked): Promise<AfterCommit[]>;
  refundBooked(tx: Db, event: EarningsRefundBooked): Promise<AfterCommit[]>;
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
 * A payment became the order's payment: the commission is fixed, the taxes on the share are worked out
 * and withheld, the editor's net share is pending. In the payment's own transaction, so a paid order
 * always has its ledger lines. An order already closed (approved before paying) starts clearing at once.
 */
export async function recordOrderPaid(
  tx: Db,
  terms: PayoutTerms,
  announce: EarningsAnnouncer,
  order: typeof orders.$inferSelect,
  payment: { id: string; amountPaise: number },
): Promise<AfterCommit[]> {
  // The fee includes the GST on the commission; TCS and TDS come out of the share (modules/tax).
  const fee = splitPayment(payment.amountPaise, terms.feePercent).commissionPaise;
  const taxes = await assessOrderTaxes(tx, {
    orderId: order.id,
    editorId: order.editorId,
    grossPaise: payment.amountPaise,
    feePaise: fee,
    at: order.paidAt ?? new Date(),
    platformStateCode: terms.platformStateCode,
  });
  const shares = { commissionPaise: taxes.commissionPaise, sharePaise: taxes.sharePaise };
  const withheld = {
    gstPaise: taxes.gst.totalPaise,
    tcsPaise: taxes.tcs.totalPaise,
    tdsPaise: taxes.tds.totalPaise,
  };
  const [row] = await tx
    .insert(orderEarnings)
    .values({
      orderId: order.id,
      editorId: order.editorId,
      paymentId: payment.id,
      grossPaise: payment.amountPaise,
      feePercent: terms.feePercent,
      commissionPaise: shares.commissionPaise,
      ...withheld,
      sharePaise: shares.sharePaise,
      clearingSeconds: terms.clearingSeconds,
      paidAt: order.paidAt ?? new Date(),
      // Paid while a dispute is open (pay on approval): held from the start.
      heldAt: order.disputeId ? new Date() : null,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return [];
  // Split at payment, so the gateway holds the share (deferred settlement) until it clears.
  await insertJob(tx, {
    kind: PAYOUT_JOBS.split,
    payload: { orderId: order.id },
    maxAttempts: PAYOUT_JOB_ATTEMPTS,
    delayMs: terms.splitAfterSeconds * 1000,
  });
  await post(tx, {
    key: `payment:${payment.id}`,
    kind: 'payment',
    editorId: order.editorId,
    orderId: order.id,
    lines: paymentLines(payment.amountPaise, shares, withheld),
  });
  if (order.status === 'completed' || order.status === 'cancelled') await closeOrderEarnings(tx, order);
  return announce.booked(tx, {
    order,
    paymentId: payment.id,
    grossPaise: payment.amountPaise,
    ...shares,
    ...withheld,
  });
}

/**
 * The order completed (or was cancelled with something kept): the clearing period starts. The share was
 * split at payment and the gateway holds it; it is released when it clears.
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
  await insertJob(tx, {
    kind: PAYOUT_JOBS.clear,
    payload: { orderId: row.orderId },
    maxAttempts: PAYOUT_JOB_ATTEMPTS,
    delayMs: row.clearingSeconds * 1000,
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
  // The gateway pays it out from now: the held split is released, or a missed one paid by Cutroom.
  await insertJob(tx, { kind: PAYOUT_JOBS.release, payload: { orderId }, maxAttempts: PAYOUT_JOB_ATTEMPTS });
  return true;
}
