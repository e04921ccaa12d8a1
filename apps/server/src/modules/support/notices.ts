import type { FastifyInstance } from 'fastify';
import { notifier } from '../notifications';

/** Admins hear of a new support ticket. */
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
