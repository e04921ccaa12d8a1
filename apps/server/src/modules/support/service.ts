import { desc, lt } from 'drizzle-orm';
import type { ConnectRequestInput, SupportTicket, SupportTicketInput } from '@cutroom/contracts';
import { connectRequestInputSchema } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { supportTickets } from '../../db/schema';

type TicketRow = typeof supportTickets.$inferSelect;

const toTicket = (row: TicketRow): SupportTicket => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  ...(row.subject ? { subject: row.subject } : {}),
  message: row.message,
  createdAt: row.createdAt.toISOString(),
});

export async function submitSupportTicket(db: Db, input: SupportTicketInput): Promise<SupportTicket> {
  const [row] = await db
    .insert(supportTickets)
    .values({
      name: input.name,
      email: input.email.toLowerCase(),
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

/** Newest first; `before` is the createdAt of the last ticket of the previous page. */
export async function listSupportTickets(
  db: Db,
  opts: { limit: number; before?: Date },
): Promise<SupportTicket[]> {
  const rows = await db
    .select()
    .from(supportTickets)
    .where(opts.before ? lt(supportTickets.createdAt, opts.before) : undefined)
    .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
    .limit(opts.limit);
  return rows.map(toTicket);
}
