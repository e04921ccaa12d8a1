import { and, eq, or } from 'drizzle-orm';
import {
  SUPPORT_MESSAGES,
  connectRequestInputSchema,
  supportTicketReference,
  type ConnectRequestInput,
  type SupportTicket,
  type SupportTicketInput,
} from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { orders, supportTickets } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-error';

export type TicketRow = typeof supportTickets.$inferSelect;

export const toTicket = (row: TicketRow): SupportTicket => ({
  _id: row.id,
  reference: supportTicketReference(row.number),
  name: row.name,
  email: row.email,
  ...(row.subject ? { subject: row.subject } : {}),
  message: row.message,
  createdAt: row.createdAt.toISOString(),
});

/** Who filed a ticket: the session's account, or a visitor (null). Never taken from the form. */
export interface TicketFiler {
  id: string;
  email: string | null;
}

/** The order a member links, checked to be one of theirs; another's is answered like a missing one. */
async function ownOrder(db: Db, filer: TicketFiler | null, orderId: string | undefined) {
  if (!orderId) return null;
  if (!filer) throw badRequest(SUPPORT_MESSAGES.orderNeedsLogin);
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), or(eq(orders.creatorId, filer.id), eq(orders.editorId, filer.id))));
  if (!order) throw notFound(SUPPORT_MESSAGES.orderNotFound);
  return order.id;
}

/**
 * Files a ticket. A signed-in member's ticket is theirs (their /profile lists it) and goes to their
 * account's address when it has one, so replies about their orders reach only them; a visitor's goes
 * to the address typed.
 */
export async function submitSupportTicket(
  db: Db,
  input: SupportTicketInput,
  filer: TicketFiler | null = null,
): Promise<SupportTicket> {
  const orderId = await ownOrder(db, filer, input.orderId || undefined);
  const [row] = await db
    .insert(supportTickets)
    .values({
      userId: filer?.id ?? null,
      orderId,
      name: input.name,
      email: (filer?.email ?? input.email).toLowerCase(),
      subject: input.subject || null,
      message: input.message,
    })
    .returning();
  return toTicket(row!);
}

/** A lead from the home page's connect form, filed where admins read support tickets. */
export async function submitConnectRequest(db: Db, raw: ConnectRequestInput): Promise<SupportTicket> {
  const input = connectRequestInputSchema.parse(raw);
  const lines = [
    `Connect request from the home page.`,
    `Role: ${input.role}`,
    `Phone: ${input.phone}`,
    ...(input.followerCount !== undefined
      ? [`Followers: ${input.followerCount.toLocaleString('en-IN')}`]
      : []),
  ];
  return submitSupportTicket(db, {
    name: input.name,
    email: input.email,
    subject: `Connect request: ${input.role}`,
    message: lines.join('\n'),
  });
}
