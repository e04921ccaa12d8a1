import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './limits';
import { SUPPORT_TICKET_STATUSES, supportTicketOrderSchema } from './support';

/*
 * A member's own support tickets in /profile (issue 25): what they wrote, where it stands and what the
 * Cutroom team answered. Admins' names and the desk's mail bookkeeping are not shown to members.
 */

/** GET /api/support/tickets: newest first; `before` is the previous page's `nextCursor` (a ticket id). */
export const memberSupportTicketListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  before: z.uuid('Invalid cursor').optional(),
});
export type MemberSupportTicketListQuery = z.input<typeof memberSupportTicketListQuerySchema>;

/** An answer from the Cutroom team, as the member sees it. */
export const memberSupportReplySchema = z.object({
  _id: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type MemberSupportReply = z.infer<typeof memberSupportReplySchema>;

export const memberSupportTicketSchema = z.object({
  _id: z.string(),
  reference: z.string(),
  subject: z.string().nullable(),
  message: z.string(),
  status: z.enum(SUPPORT_TICKET_STATUSES),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  order: supportTicketOrderSchema.nullable(),
  /** Every reply; `replies` holds the newest SUPPORT_LIMITS.repliesInList in a list, all of them alone. */
  replyCount: z.number().int(),
  replies: z.array(memberSupportReplySchema),
});
export type MemberSupportTicket = z.infer<typeof memberSupportTicketSchema>;

export const memberSupportTicketPageSchema = z.object({
  data: z.array(memberSupportTicketSchema),
  nextCursor: z.string().nullable(),
});
export type MemberSupportTicketPage = z.infer<typeof memberSupportTicketPageSchema>;

/** GET /api/support/tickets/{ticketId}. */
export const memberSupportTicketReplySchema = z.object({ data: memberSupportTicketSchema });
