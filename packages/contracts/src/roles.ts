import { z } from 'zod';

export const ROLES = ['creator', 'editor', 'admin'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** The user as every client sees it (SPEC.md §3). E-mail is only ever sent to its owner. */
export const userSchema = z.object({
  _id: z.string(),
  role: roleSchema,
  username: z.string(),
  email: z.string().optional(),
});
export type User = z.infer<typeof userSchema>;

export const errorReplySchema = z.object({ message: z.string() });
export type ErrorReply = z.infer<typeof errorReplySchema>;
