import { and, eq, isNull } from 'drizzle-orm';
import { CLOSED_ORDER_STATUSES, formatPaise, orderRefundedLine } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { deliveries, orders, payments } from '../../db/schema';
import { editorPartOfRefund } from './refund-share';
import type {
  PaymentSucceeded as PaymentSucceededEvent,
  RefundSucceeded as PaymentRefundedEvent,
} from '../../events';
import { OrderEffects } from './effects';
import { ORDER_JOBS, type RefundJobPayload } from './job-kinds';
import type { OrderKernel } from './kernel';
import { formatLineTime, referenceOf } from './shape';
import { recordEvent } from './transitions';
import { announceRelease } from './review';

/**
 * A payment became SUCCESS (inside that transaction): its order becomes paid, and work starts if it was
 * waiting for the money. A success for an order that is cancelled or already paid by another payment is
 * refunded in full by a durable job and recorded. Returns the announcements to make after commit.
 */
export async function linkSucceededPayment(
  k: OrderKernel,
  tx: Db,
  event: PaymentSucceededEvent,
): Promise<() => Promise<void>> {
  const fx = new OrderEffects();
  const after = () => k.deps.announcer.flush(fx);
  if (!event.cutroomOrderId) return after;
  const [order] = await tx.select().from(orders).where(eq(orders.id, event.cutroomOrderId)).for('update');
  if (!order || order.paymentId === event.paymentId) return after;
  const data = { amountPaise: event.amountPaise, gatewayOrderId: event.orderId };

  const why =
    CLOSED_ORDER_STATUSES.includes(order.status) || order.status === 'offered'
      ? 'cancelled'
      : order.paymentId
        ? 'already paid'
        : null;
  if (why) {
    await recordEvent(tx, order.id, {
      type: 'payment_refunded_automatically',
      actor: 'system',
      data: { ...data, why },
    });
    const payload: RefundJobPayload = {
      orderId: order.id,
      paymentId: event.paymentId,
      note: `Automatic refund: order ${referenceOf(order)} was ${why}`,
    };
    await k.schedule(tx, fx, ORDER_JOBS.refund, payload, new Date());
    fx.changed(order);
    fx.line(
      order,
      `auto-refund:${event.paymentId}`,
      `A payment of ${formatPaise(event.amountPaise)} arrived for order ${referenceOf(order)}, which was ${why}. It is being refunded in full.`,
    );
    return after;
  }

  const now = new Date();
  const starts = order.status === 'awaiting_payment';
  const dueAt = starts ? new Date(now.getTime() + k.deliveryMs(order.deliveryDays)) : order.dueAt;
  const row = await k.transition(
    tx,
    fx,
    order.id,
    null,
    { paymentId: event.paymentId, paidAt: now, ...(starts ? { status: 'in_progress' as const, dueAt } : {}) },
    { type: 'paid', actor: 'system', data },
    isNull(orders.paymentId),
  );
  if (!row) return after;
  // The ledger (payouts) books the order's money in this same transaction.
  fx.afterCommit(
    ...(await k.deps.events.emitInTransaction(tx, 'order.paid', {
      order: row,
      payment: { id: event.paymentId, amountPaise: event.amountPaise },
    })),
  );
  if (starts && dueAt) await k.schedule(tx, fx, ORDER_JOBS.markLate, { orderId: row.id }, dueAt);
  fx.changed(row);
  fx.line(
    row,
    `paid:${event.paymentId}`,
    `Payment of ${formatPaise(event.amountPaise)} received for order ${referenceOf(row)}.` +
      (starts && dueAt ? ` Work has started; due ${formatLineTime(dueAt)}.` : ''),
  );
  fx.notice({
    kind: 'order_paid',
    order: row,
    key: `paid:${event.paymentId}`,
    amountPaise: event.amountPaise,
    paymentRef: event.orderId,
    paidAt: now,
  });
  await announceRelease(k, tx, fx, row);
  return after;
}

/** A refund reached SUCCESS: recorded on the order's timeline; a full one locks released files again. */
export async function recordConfirmedRefund(k: OrderKernel, event: PaymentRefundedEvent): Promise<void> {
  await k.run(async (tx, fx) => {
    const [payment] = await tx
      .select({ cutroomOrderId: payments.cutroomOrderId })
      .from(payments)
      .where(eq(payments.id, event.paymentId));
    if (!payment?.cutroomOrderId) return;
    const [order] = await tx.select().from(orders).where(eq(orders.id, payment.cutroomOrderId));
    if (!order) return;
    await recordEvent(tx, order.id, {
      type: 'refunded',
      actor: 'system',
      data: { refundPaise: event.refundAmountPaise, gatewayOrderId: event.orderId },
    });
    fx.changed(order);
    fx.notice({
      kind: 'refund_issued',
      order,
      key: `refund:${event.refundId}`,
      amountPaise: event.refundAmountPaise,
      paymentRef: event.orderId,
    });
    const locksFinalFile =
      event.fullyRefunded && order.paymentId === event.paymentId && order.status === 'completed';
    // A cancellation's own line already said what goes back; any other refund is told once, here.
    if (order.status !== 'cancelled') {
      fx.line(
        order,
        `refunded:${event.refundId}`,
        orderRefundedLine({
          reference: referenceOf(order),
          refundPaise: event.refundAmountPaise,
          editorPartPaise: await editorPartOfRefund(tx, event.refundId),
          locksFinalFile,
        }),
      );
    }
    if (locksFinalFile) {
      const approved = await tx
        .select()
        .from(deliveries)
        .where(and(eq(deliveries.cutroomOrderId, order.id), eq(deliveries.status, 'approved')));
      for (const d of approved) fx.delivery(d);
    }
  });
}
