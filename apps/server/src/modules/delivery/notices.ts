import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { deliveries, orders } from '../../db/schema';
import { notifier } from '../notifications';
import { orderNoticeLines } from '../orders';

/**
 * A delivery's preview became ready (outside an order's transaction): both sides hear of it. Logged and
 * dropped on failure; the delivery stands.
 */
export async function notifyDeliveryReady(
  app: FastifyInstance,
  delivery: typeof deliveries.$inferSelect,
): Promise<void> {
  try {
    const [order] = await app.db.select().from(orders).where(eq(orders.id, delivery.cutroomOrderId!));
    if (!order) return;
    const lines = await orderNoticeLines(app.db, [
      { kind: 'delivery_ready', order, deliveryId: delivery.id, deliveryNumber: delivery.number },
    ]);
    await notifier(app).notify(lines);
  } catch (err) {
    app.log.error({ err, deliveryId: delivery.id }, 'delivery notification not filed');
  }
}
