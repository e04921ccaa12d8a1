import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { deliveries, orders, users } from '../../db/schema';
import { notifier } from './notifier';
import { orderNoticeLines } from './order-notices';

/**
 * Notices raised outside an order's transaction: a delivery's preview became ready, a password changed,
 * a support ticket or a flagged message reached the admins. Each is logged and dropped on failure; the
 * action that raised it stands.
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

/** A security notice: always sent, whatever the person's settings. */
export async function notifyPasswordChanged(app: FastifyInstance, userId: string): Promise<void> {
  const [user] = await app.db
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return;
  const at = new Date();
  const link = user.role === 'creator' ? '/forgot-password' : '/profile';
  await notifier(app).notify([
    {
      userId: user.id,
      kind: 'password_changed',
      title: 'Your password was changed',
      body: 'If this was not you, reset your password now.',
      link,
      dedupeKey: `password:${at.getTime()}`,
      mail: { kind: 'password_changed', username: user.username, at: at.toISOString(), link },
    },
  ]);
}

export async function notifySupportTicket(
  app: FastifyInstance,
  ticket: { _id: string; name: string; subject?: string | null },
): Promise<void> {
  const link = '/admin/dashboard/support-tickets';
  await notifier(app).notifyAdmins((adminId) => ({
    userId: adminId,
    kind: 'support_ticket',
    title: `New support ticket from ${ticket.name}`,
    body: ticket.subject ?? 'No subject',
    link,
    dedupeKey: `ticket:${ticket._id}`,
    mail: { kind: 'support_ticket', name: ticket.name, subject: ticket.subject ?? null, link },
  }));
}
