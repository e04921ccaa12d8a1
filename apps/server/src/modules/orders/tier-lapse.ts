import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { cancelOrder } from './cancellation';
import type { OrderEffects } from './effects';
import { ORDER_JOBS } from './job-kinds';
import type { OrderKernel } from './kernel';
import type { OrderRow } from './records';

/**
 * Unpaid tier orders (Pay Now) lapse TIER_ORDER_PAYMENT_HOURS after they were placed, so a tier's price
 * is never held forever: the order is cancelled by the system and Pay Now again opens a new order at the
 * tier's current price. A payment that still reaches the gateway after the lapse finds the order
 * cancelled and is refunded in full (payment-link.ts), so the old price can never buy the work.
 */

/** When a tier order placed now lapses unpaid. */
export const tierPaymentDueAt = (k: OrderKernel, now = new Date()) =>
  new Date(now.getTime() + k.hours(k.deps.config.TIER_ORDER_PAYMENT_HOURS));

/** A tier order still waiting for its payment after its due time. */
export function isTierPaymentLapsed(order: OrderRow, now = new Date()): boolean {
  return (
    order.source === 'tier' &&
    order.status === 'awaiting_payment' &&
    order.paymentId === null &&
    order.paymentDueAt !== null &&
    order.paymentDueAt.getTime() <= now.getTime()
  );
}

/** Lapses a locked tier order past its due time, in the caller's transaction. */
export async function lapseTierOrder(
  k: OrderKernel,
  tx: Db,
  fx: OrderEffects,
  order: OrderRow,
): Promise<OrderRow> {
  const { row } = await cancelOrder(k, tx, fx, order, {
    by: 'system',
    note: `Not paid within ${k.deps.config.TIER_ORDER_PAYMENT_HOURS} hours; Pay Now again orders the tier at its current price`,
    refund: 'full',
    from: ['awaiting_payment'],
  });
  fx.changed(row);
  return row;
}

/** The lapse job: an order paid or closed meanwhile is left alone; one not yet due is looked at again then. */
export async function tierPaymentLapsed(k: OrderKernel, orderId: string): Promise<void> {
  await k.run(async (tx, fx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || order.source !== 'tier' || order.status !== 'awaiting_payment' || order.paymentId) return;
    if (!order.paymentDueAt) return;
    if (!isTierPaymentLapsed(order)) {
      await k.schedule(tx, fx, ORDER_JOBS.tierPaymentLapse, { orderId }, order.paymentDueAt);
      return;
    }
    await lapseTierOrder(k, tx, fx, order);
  });
}
