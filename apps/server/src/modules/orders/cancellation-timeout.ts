import { eq, isNotNull } from 'drizzle-orm';
import { orders } from '../../db/schema';
import { CANCELLABLE_BY_SIDES, cancelOrder } from './cancellation';
import { ORDER_JOBS } from './job-kinds';
import type { OrderKernel } from './kernel';
import { NO_CANCELLATION } from './pending-requests';
import { referenceOf } from './shape';

/**
 * Nobody answered a cancellation request in time: it goes through, with a full refund; on a disputed
 * order it lapses.
 */
export async function cancellationTimedOut(
  k: OrderKernel,
  orderId: string,
  requestedAt: string,
): Promise<void> {
  await k.run(async (tx, fx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || order.cancellationRequestedAt?.toISOString() !== requestedAt) return;
    if (!CANCELLABLE_BY_SIDES.includes(order.status)) return;
    if (order.cancellationRespondBy && order.cancellationRespondBy.getTime() > Date.now()) {
      await k.schedule(
        tx,
        fx,
        ORDER_JOBS.cancellationTimeout,
        { orderId, requestedAt },
        order.cancellationRespondBy,
      );
      return;
    }
    // While a dispute is open the order is frozen: nothing ends it by itself, so an unanswered request
    // lapses rather than cancelling with a full refund ahead of the answer or of Cutroom support's decision.
    if (order.disputeId) {
      const lapsed = await k.transition(
        tx,
        fx,
        order.id,
        CANCELLABLE_BY_SIDES,
        NO_CANCELLATION,
        { type: 'cancellation_lapsed', actor: 'system' },
        isNotNull(orders.cancellationRequestedBy),
      );
      if (!lapsed) return;
      fx.line(
        lapsed,
        `cancellation-lapsed:${requestedAt}`,
        `The request to cancel order ${referenceOf(lapsed)} was not answered in time and lapsed: while the dispute is open, the order is cancelled only if both sides agree or Cutroom support decides so.`,
      );
      fx.changed(lapsed);
      return;
    }
    const { row } = await cancelOrder(k, tx, fx, order, {
      by: 'system',
      note: 'The cancellation request was not answered in time',
      proposedBy: order.cancellationRequestedBy,
      refund: 'full',
      from: CANCELLABLE_BY_SIDES,
    });
    fx.changed(row);
  });
}
