import { randomBytes } from 'node:crypto';
import { and, eq, inArray, lt } from 'drizzle-orm';
import { formatPaise, paiseFromRupees, rupeesFromPaise, type Refund } from '@cutroom/contracts';
import { payments, refunds } from '../../db/schema';
import { crashPoint } from '../../lib/crash-points';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import type { SessionUser } from '../auth';
import type { PaymentsContext } from './context';
import { applyGatewayEvent } from './events';
import { GatewayError } from './gateway/types';
import { toRefund, type PaymentRow } from './queries';
import { adoptRefundsOfOrder } from './reconciliation/outside-refunds';
import { recheckRefund } from './reconciliation/refunds';
import { refundTotalsOf, totalsOfRefunds } from './refund-totals';
import { refundStatusFromGateway } from './webhook-format';

/** A pending refund is asked about again at most this often when admins read the refunds. */
const REFUND_RECHECK_MS = 30_000;

export function newRefundId(): string {
  return `refund_${Date.now().toString(36)}${randomBytes(8).toString('hex')}`;
}

export interface RefundsReply {
  orderId: string;
  /** Rupees paid. */
  amount: number;
  /** Rupees refunded or on the way back. */
  refundedAmount: number;
  remainingAmount: number;
  refunds: Refund[];
}

/**
 * Refunds part or all (null amount) of what remains of a SUCCESS payment, or with `keepPaise` all that
 * remains above that many paise (a settlement's agreed amount). The payment row is locked while the
 * remaining amount is computed and the refund recorded, so concurrent requests can never refund more
 * than was paid, nor two refunds above one kept amount both go through; the gateway is called after the
 * lock is released, with the amount already reserved by the PENDING refund.
 */
export async function createRefund(
  ctx: PaymentsContext,
  /** The admin asking; null when the platform refunds on its own (a cancelled order's payment). */
  admin: Pick<SessionUser, 'id'> | null,
  orderId: string,
  input: { refundAmount?: number | null; refundNote: string; keepPaise?: number },
): Promise<{ refund: Refund; refunds: RefundsReply }> {
  const refundId = newRefundId();
  const reserved = await ctx.db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .limit(1)
      .for('update');
    if (!payment) throw notFound('Payment not found');
    if (payment.status !== 'SUCCESS') throw badRequest('Only successful payments can be refunded');
    // A pending refund has reserved its amount: what remains is what no refund holds, pending or done.
    const { pendingOrRefundedPaise } = await refundTotalsOf(tx, payment.id);
    const remaining = payment.amountPaise - pendingOrRefundedPaise;
    if (remaining <= 0) throw conflict('This payment has already been fully refunded');
    const amountPaise =
      input.keepPaise !== undefined
        ? remaining - input.keepPaise
        : input.refundAmount == null
          ? remaining
          : paiseFromRupees(input.refundAmount);
    if (amountPaise <= 0) throw conflict('Nothing remains above the amount this payment keeps');
    if (amountPaise > remaining) {
      throw badRequest(`The refund cannot be more than the ${formatPaise(remaining)} that remains`);
    }
    // Decided with the payment locked: a refund and the editor's split never both count the same rupees.
    const vendorShare = await ctx.hooks.planRefundSplit(tx, payment, amountPaise);
    const [refund] = await tx
      .insert(refunds)
      .values({
        refundId,
        paymentId: payment.id,
        amountPaise,
        note: input.refundNote,
        createdById: admin?.id ?? null,
        vendorSplitPaise: vendorShare?.amountPaise ?? null,
      })
      .returning();
    return { ...refund!, vendorShare };
  });

  crashPoint('refund.reserved');
  try {
    const answer = await ctx.gateway.createRefund({
      orderId,
      refundId,
      amountPaise: reserved.amountPaise,
      note: reserved.note,
      splits: reserved.vendorShare ? [reserved.vendorShare] : undefined,
    });
    crashPoint('refund.answered');
    await applyGatewayEvent(ctx, {
      kind: 'refund',
      orderId,
      refundId,
      cfRefundId: answer.cfRefundId,
      status: refundStatusFromGateway(answer.status) ?? 'PENDING',
      amountPaise: answer.amountPaise,
    });
  } catch (err) {
    if (err instanceof GatewayError && err.definitive) {
      // The gateway refused it: nothing was refunded, so the reserved amount is released.
      await ctx.db.delete(refunds).where(eq(refunds.id, reserved.id));
      throw err;
    }
    ctx.log.warn({ err, orderId, refundId }, 'refund outcome unknown; kept PENDING to be checked again');
    throw new GatewayError(
      502,
      'The payment gateway did not confirm the refund. It stays pending and will be checked again.',
      false,
    );
  }
  const [stored] = await ctx.db.select().from(refunds).where(eq(refunds.id, reserved.id)).limit(1);
  return { refund: toRefund(stored ?? reserved), refunds: await readRefunds(ctx, orderId, false) };
}

/** The refunds of an order for admins; refunds still pending are checked with the gateway now and then. */
export async function readRefunds(
  ctx: PaymentsContext,
  orderId: string,
  recheck = true,
): Promise<RefundsReply> {
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.orderId, orderId)).limit(1);
  if (!payment) throw notFound('Payment not found');
  if (recheck) {
    await recheckPendingRefunds(ctx, payment);
    if (payment.status === 'SUCCESS') await adoptOutsideRefunds(ctx, payment);
  }
  const list = await ctx.db
    .select()
    .from(refunds)
    .where(eq(refunds.paymentId, payment.id))
    .orderBy(refunds.createdAt, refunds.id);
  const refundedPaise = totalsOfRefunds(list).pendingOrRefundedPaise;
  return {
    orderId,
    amount: rupeesFromPaise(payment.amountPaise),
    refundedAmount: rupeesFromPaise(refundedPaise),
    remainingAmount: payment.status === 'SUCCESS' ? rupeesFromPaise(payment.amountPaise - refundedPaise) : 0,
    refunds: list.map(toRefund),
  };
}

async function recheckPendingRefunds(ctx: PaymentsContext, payment: PaymentRow): Promise<void> {
  const due = await ctx.db
    .update(refunds)
    .set({ updatedAt: new Date() })
    .where(
      and(
        eq(refunds.paymentId, payment.id),
        inArray(refunds.status, ['PENDING', 'ONHOLD']),
        lt(refunds.updatedAt, new Date(Date.now() - REFUND_RECHECK_MS)),
      ),
    )
    .returning();
  for (const refund of due) {
    try {
      await recheckRefund(ctx, payment, refund, null);
    } catch (err) {
      ctx.log.warn({ err, refundId: refund.refundId }, 'refund reconciliation failed');
    }
  }
}

/** Refunds made outside Cutroom, found by the order when an admin reads its refunds. */
async function adoptOutsideRefunds(ctx: PaymentsContext, payment: PaymentRow): Promise<void> {
  const ours = await ctx.db
    .select({ refundId: refunds.refundId })
    .from(refunds)
    .where(eq(refunds.paymentId, payment.id));
  try {
    await adoptRefundsOfOrder(ctx, payment.orderId, new Set(ours.map((r) => r.refundId)));
  } catch (err) {
    ctx.log.warn({ err, orderId: payment.orderId }, 'reading the gateway’s refunds of an order failed');
  }
}
