import { and, eq, isNull, lte } from 'drizzle-orm';
import { formatPaise } from '@cutroom/contracts';
import { orders } from '../../db/schema';
import { ORDER_JOBS } from './job-kinds';
import { NO_SETTLEMENT } from './pending-requests';
import type { OrderKernel } from './kernel';
import { findOrder, lockOrder } from './records';
import { announceRelease, deliveryUnderReview } from './review';
import { formatLineTime, referenceOf } from './shape';
import { recordEvent } from './transitions';

/**
 * An order's deadlines, run by its durable jobs (scheduled.ts): the reminder and the completion of a
 * delivery nobody reviewed, and the due date passing with no delivery.
 */

/** The chat hears, a day ahead, that a delivery nobody reviewed will complete the order. */
export async function warnAutoComplete(k: OrderKernel, orderId: string, at: string): Promise<void> {
  await k.run(async (tx, fx) => {
    // Locked, as the completion locks it: a reminder running beside the completion waits for it and then
    // sees the order completed, rather than posting "completes on…" after it did.
    const order = await lockOrder(tx, orderId).catch(() => null);
    if (!order || order.status !== 'delivered' || order.autoCompleteAt?.toISOString() !== at) return;
    // A disputed order does not complete by itself: no reminder says it will (the end of the dispute
    // gives it a new date, with its own reminder).
    if (order.disputeId) return;
    fx.line(
      order,
      `auto-complete-warning:${at}`,
      `Order ${referenceOf(order)} completes automatically on ${formatLineTime(at)} unless the creator approves the delivery or asks for changes.`,
    );
    await recordEvent(tx, orderId, { type: 'auto_complete_warning', actor: 'system', data: { at } });
    fx.notice({ kind: 'auto_complete_soon', order, at: new Date(at) });
    fx.changed(order);
  });
}

/**
 * Completes an order whose delivery nobody reviewed in time, approving that delivery (the deliveries
 * module records it on `order.review_decided`, in this transaction, before the release is announced). A
 * preview that is not ready (the creator could not review it) moves the deadline on by a whole period
 * instead.
 */
export async function autoComplete(k: OrderKernel, orderId: string): Promise<void> {
  await k.run(async (tx, fx) => {
    const order = await lockOrder(tx, orderId).catch(() => null);
    // A disputed order is frozen; it gets a whole period again once the dispute ends.
    if (!order || order.status !== 'delivered' || !order.autoCompleteAt || order.disputeId) return;
    if (order.autoCompleteAt.getTime() > Date.now()) {
      await k.schedule(tx, fx, ORDER_JOBS.autoComplete, { orderId }, order.autoCompleteAt);
      return;
    }
    const d = await deliveryUnderReview(tx, orderId);
    if (d && d.previewStatus !== 'ready') {
      const later = new Date(Date.now() + k.hours(k.deps.config.ORDER_AUTO_COMPLETE_HOURS));
      await tx.update(orders).set({ autoCompleteAt: later }).where(eq(orders.id, orderId));
      await k.schedule(tx, fx, ORDER_JOBS.autoComplete, { orderId }, later);
      return;
    }
    const row = await k.transition(
      tx,
      fx,
      orderId,
      ['delivered'],
      {
        status: 'completed',
        completedAt: new Date(),
        autoCompleteAt: null,
        extraRevisionNote: null,
        extraRevisionRequestedAt: null,
        ...NO_SETTLEMENT,
      },
      { type: 'auto_completed', actor: 'system', data: { deliveryNumber: d?.number ?? null } },
      lte(orders.autoCompleteAt, new Date()),
    );
    if (!row) return;
    if (d) await k.reviewDecided(tx, fx, { order: row, deliveryId: d.id, outcome: 'approved', note: null });
    fx.changed(row);
    fx.line(
      row,
      'auto-completed',
      `Order ${referenceOf(row)} completed automatically: delivery${d ? ` #${d.number}` : ''} was not reviewed in time.` +
        (row.paymentId ? '' : ` Payment of ${formatPaise(row.pricePaise)} unlocks the final file.`),
    );
    fx.notice({ kind: 'order_completed', order: row, how: 'automatic' });
    await announceRelease(k, tx, fx, row);
  });
}

/** The due date passed with no delivery: the order is marked late and the creator may cancel it. */
export async function markLate(k: OrderKernel, orderId: string): Promise<void> {
  await k.run(async (tx, fx) => {
    const order = await findOrder(tx, orderId);
    if (!order || order.status !== 'in_progress' || !order.dueAt || order.lateAt) return;
    if (order.dueAt.getTime() > Date.now()) {
      await k.schedule(tx, fx, ORDER_JOBS.markLate, { orderId }, order.dueAt);
      return;
    }
    const row = await k.transition(
      tx,
      fx,
      orderId,
      ['in_progress'],
      { lateAt: new Date() },
      { type: 'late', actor: 'system' },
      and(lte(orders.dueAt, new Date()), isNull(orders.lateAt)),
    );
    if (!row) return;
    fx.changed(row);
    // Keyed by the due date that passed: an order extended after it was late can be late again, and
    // must say so again.
    fx.line(
      row,
      `late:${order.dueAt.getTime()}`,
      `Order ${referenceOf(row)} is past its due date with no delivery. The creator may cancel it with a full refund.`,
    );
  });
}
