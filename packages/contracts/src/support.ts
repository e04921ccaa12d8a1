import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './limits';
import { INVISIBLE_CHARACTERS, userText } from './typed-text';
import { indianPhoneSchema } from './phone';

/** Trimmed, required text with a length ceiling; the message names the field. */
const requiredText = (field: string, max: number) =>
  userText(field)
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

export const emailSchema = userText('Email')
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'));

export const supportTicketInputSchema = z.object({
  name: requiredText('Name', 100),
  email: emailSchema,
  subject: userText('Subject', 'Subject must be text')
    .trim()
    .max(200, 'Subject must be at most 200 characters')
    .optional(),
  message: requiredText('Message', 5000),
  /**
   * One of the signed-in member's orders the ticket is about (issue 25). The server checks that the order
   * is theirs; a visitor cannot link one.
   */
  orderId: z.uuid('Choose one of your orders').optional().or(z.literal('')),
});
export type SupportTicketInput = z.infer<typeof supportTicketInputSchema>;

export const CONNECT_ROLES = ['Editor', 'Creator'] as const;

/** The home page's connect form; stored as a support ticket so admins see the lead. */
export const connectRequestInputSchema = z
  .object({
    name: requiredText('Name', 100),
    email: emailSchema,
    phone: indianPhoneSchema('Please enter a valid 10-digit phone number', 'Phone is required'),
    role: z.enum(CONNECT_ROLES, { error: 'Please choose Editor or Creator' }),
    followerCount: z.coerce
      .number({ error: 'Follower count must be a number' })
      .int('Follower count must be a whole number')
      .min(0, 'Follower count cannot be negative')
      .max(10_000_000_000, 'Follower count is too large')
      .optional(),
  })
  .transform((v) => (v.role === 'Creator' ? v : { ...v, followerCount: undefined }));
export type ConnectRequestInput = z.input<typeof connectRequestInputSchema>;

/** A ticket's number as people quote it: T-1042. */
export const supportTicketReference = (n: number) => `T-${n}`;

export const supportTicketSchema = z.object({
  _id: z.string(),
  /** T-1042 (issue 25). */
  reference: z.string(),
  subject: z.string().optional(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;

export const SUPPORT_MESSAGES = {
  submitted: 'Ticket submitted successfully!',
  failed: 'Submission failed',
  loadFailed: 'Failed to load support tickets.',
  replied: 'Reply sent',
  repliedAndClosed: 'Reply sent and ticket closed',
  replyFailed: 'Failed to send reply.',
  closed: 'Ticket closed',
  reopened: 'Ticket reopened',
  closeFailed: 'Failed to close the ticket.',
  reopenFailed: 'Failed to reopen the ticket.',
  notFound: 'Ticket not found',
  alreadyClosed: 'This ticket is already closed',
  alreadyOpen: 'This ticket is already open',
  orderNotFound: 'Order not found',
  orderNeedsLogin: 'Log in to link a ticket to one of your orders',
  mineLoadFailed: 'Failed to load your support tickets.',
} as const;

/* ---------------------------------------------------------------------------------------------------
 * The support desk (issue 17): tickets are open or closed, and admins reply by e-mail.
 * ------------------------------------------------------------------------------------------------- */

export const SUPPORT_TICKET_STATUSES = ['open', 'closed'] as const;
export type SupportTicketStatus = (typeof SUPPORT_TICKET_STATUSES)[number];
/** The admin list's filters; the API's default is `all` (SPEC's list), the page's is `open`. */
export const SUPPORT_TICKET_FILTERS = ['open', 'closed', 'all'] as const;
export type SupportTicketFilter = (typeof SUPPORT_TICKET_FILTERS)[number];

export const SUPPORT_LIMITS = {
  replyMax: 5000,
  /** Replies each ticket of the list carries (the newest); GET …/{ticketId} has them all. */
  repliesInList: 20,
  /** Bytes of a reply or status request body (a 5000-character reply escaped as \uXXXX fits). */
  bodyMaxBytes: 64 * 1024,
} as const;

/** C0 control characters other than tab and line breaks, and DEL: nothing a person types. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * An admin's reply: trimmed, 1–5000 characters, refused when it holds control characters or shows as
 * nothing (only spaces and invisible characters). Kept as typed otherwise: zero-width joiners inside
 * emoji and Indic words are part of the text, so they are not stripped.
 */
export const supportReplyText = userText('Reply')
  .trim()
  .min(1, 'Reply is required')
  .max(SUPPORT_LIMITS.replyMax, `Reply must be at most ${SUPPORT_LIMITS.replyMax} characters`)
  .refine((v) => v.replace(INVISIBLE_CHARACTERS, '').trim().length > 0, 'Reply is required')
  .refine((v) => !CONTROL_CHARACTERS.test(v), 'Reply must not contain control characters');

/** POST /api/admin/support-tickets/{ticketId}/replies. `close` closes the ticket with the reply. */
export const supportReplyInputSchema = z.object({
  message: supportReplyText,
  close: z.boolean({ error: 'close must be true or false' }).optional().default(false),
});
export type SupportReplyInput = z.input<typeof supportReplyInputSchema>;

/** PATCH /api/admin/support-tickets/{ticketId}. */
export const supportTicketStatusInputSchema = z.object({
  status: z.enum(SUPPORT_TICKET_STATUSES, { error: 'Status must be open or closed' }),
});
export type SupportTicketStatusInput = z.infer<typeof supportTicketStatusInputSchema>;

/** A ticket id in a path; one that is not a UUID is answered like an unknown one (404). */
export const supportTicketParamsSchema = z.object({ ticketId: z.string().max(64) });

/** GET /api/admin/support-tickets: newest first; (`before`, `beforeId`) is the last ticket seen. */
export const supportTicketListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  before: z.coerce.date().optional(),
  /** With `before`: the last ticket's id, so tickets sharing its createdAt are neither skipped nor repeated. */
  beforeId: z.uuid('Invalid cursor').optional(),
  status: z
    .enum(SUPPORT_TICKET_FILTERS, { error: 'Status must be open, closed or all' })
    .optional()
    .default('all'),
});
export type SupportTicketListQuery = z.input<typeof supportTicketListQuerySchema>;

const adminRef = z.object({ _id: z.string(), username: z.string() }).nullable();

export const SUPPORT_REPLY_MAIL_STATUSES = ['sending', 'sent', 'failed'] as const;
export type SupportReplyMailStatus = (typeof SUPPORT_REPLY_MAIL_STATUSES)[number];

export const supportReplySchema = z.object({
  _id: z.string(),
  message: z.string(),
  /** The admin who wrote it (null if that account is gone). */
  author: adminRef,
  createdAt: z.string(),
  /** Its e-mail to the ticket's address: queued or retrying, taken by the mail server, or given up on. */
  mail: z.object({ status: z.enum(SUPPORT_REPLY_MAIL_STATUSES), sentAt: z.string().nullable() }),
});
export type SupportReply = z.infer<typeof supportReplySchema>;

/** The order a ticket is about, as both sides see it. */
export const supportTicketOrderSchema = z.object({
  _id: z.string(),
  reference: z.string(),
  title: z.string(),
});
export type SupportTicketOrder = z.infer<typeof supportTicketOrderSchema>;

/**
 * A ticket as admins see it: SPEC's fields, the member's account and order when one filed it, its status
 * and its replies (oldest first).
 */
export const adminSupportTicketSchema = supportTicketSchema.extend({
  account: z.object({ _id: z.string(), username: z.string(), role: z.string() }).nullable(),
  order: supportTicketOrderSchema.nullable(),
  status: z.enum(SUPPORT_TICKET_STATUSES),
  closedAt: z.string().nullable(),
  closedBy: adminRef,
  replyCount: z.number().int(),
  replies: z.array(supportReplySchema),
});
export type AdminSupportTicket = z.infer<typeof adminSupportTicketSchema>;

export const adminSupportTicketListSchema = z.array(adminSupportTicketSchema);

/** Replies of the reply and status routes. */
export const adminSupportTicketReplySchema = z.object({
  message: z.string(),
  data: adminSupportTicketSchema,
});
export type AdminSupportTicketReply = z.infer<typeof adminSupportTicketReplySchema>;
