import { z } from 'zod';

/** Trimmed, required text with a length ceiling; the message names the field. */
const requiredText = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'));

export const supportTicketInputSchema = z.object({
  name: requiredText('Name', 100),
  email: emailSchema,
  subject: z.string().trim().max(200, 'Subject must be at most 200 characters').optional().or(z.literal('')),
  message: requiredText('Message', 5000),
});
export type SupportTicketInput = z.infer<typeof supportTicketInputSchema>;

export const CONNECT_ROLES = ['Editor', 'Creator'] as const;

/** The home page's connect form; stored as a support ticket so admins see the lead. */
export const connectRequestInputSchema = z
  .object({
    name: requiredText('Name', 100),
    email: emailSchema,
    phone: z
      .string({ error: 'Phone is required' })
      .trim()
      .regex(/^\d{10}$/, 'Please enter a valid 10-digit phone number'),
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

export const supportTicketSchema = z.object({
  _id: z.string(),
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
} as const;
