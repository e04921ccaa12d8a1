import { eq } from 'drizzle-orm';
import { formatPaise } from '@cutroom/contracts';
import type { Db } from '../../../db/client';
import { payments, refunds } from '../../../db/schema';
import { refundTotalsOf } from '../refund-totals';
import type { GatewayEvent } from '../webhook-format';
import { recordFinding } from './findings';

type RefundEvent = Extract<GatewayEvent, { kind: 'refund' }>;

/**
 * A refund the gateway reports that Cutroom never asked for (made on its dashboard, or an automatic
 * refund): recorded against the order's payment, so its money is counted like any refund's. Runs in the
 * event's transaction with the payment locked; null when the order is not one of ours or nothing came
 * back (a cancelled refund we never knew changes nothing).
 */
export async function adoptGatewayRefund(tx: Db, event: RefundEvent) {
  if (event.status === 'CANCELLED') return null;
  const [payment] = await tx
    .select()
    .from(payments)
    .where(eq(payments.orderId, event.orderId))
    .limit(1)
    .for('update');
  if (!payment || payment.status !== 'SUCCESS') return null;
  const { pendingOrRefundedPaise } = await refundTotalsOf(tx, payment.id);
  const remaining = payment.amountPaise - pendingOrRefundedPaise;
  // The gateway never refunds more than was captured: a notice that says so is not booked.
  if (event.amountPaise > remaining) {
    await recordFinding(tx, {
      key: `refund_external:${event.refundId}`,
      kind: 'refund_external',
      gatewayOrderId: payment.orderId,
      cutroomOrderId: payment.cutroomOrderId,
      amountPaise: event.amountPaise,
      found: `The gateway reported refund ${event.refundId} of ${formatPaise(event.amountPaise)}, more than the ${formatPaise(Math.max(0, remaining))} that remained of this payment.`,
      action: 'Not recorded: an admin checks it on the gateway’s dashboard.',
    });
    return null;
  }
  await tx
    .insert(refunds)
    .values({
      refundId: event.refundId,
      paymentId: payment.id,
      amountPaise: event.amountPaise,
      note: 'Refunded outside Cutroom',
      origin: 'gateway',
    })
    .onConflictDoNothing();
  const [refund] = await tx.select().from(refunds).where(eq(refunds.refundId, event.refundId));
  if (!refund || refund.paymentId !== payment.id) return null;
  await recordFinding(tx, {
    key: `refund_external:${event.refundId}`,
    kind: 'refund_external',
    gatewayOrderId: payment.orderId,
    cutroomOrderId: payment.cutroomOrderId,
    amountPaise: event.amountPaise,
    found: `Refund ${event.refundId} of ${formatPaise(event.amountPaise)} was made at the gateway, not through Cutroom.`,
    action: 'Recorded against the order; the editor’s share and the order follow as for any refund.',
  });
  return { refund, payment };
}
