import { z } from 'zod';
import { MODERATION_SOURCES, MODERATION_STATUSES, REFUSAL_PLACES } from '../moderation';
import { roleSchema } from '../roles';

/** `ModerationPerson`. */
export const moderationPersonSchema = z.object({
  _id: z.string(),
  username: z.string(),
  role: roleSchema,
});

/** `ModerationFlag`: one line of the admins' moderation queue. */
export const moderationFlagSchema = z.object({
  _id: z.string(),
  source: z.enum(MODERATION_SOURCES),
  status: z.enum(MODERATION_STATUSES),
  kind: z.string().nullable(),
  reason: z.string(),
  excerpt: z.string(),
  match: z.string().nullable(),
  author: moderationPersonSchema.nullable(),
  room: z
    .object({
      _id: z.string(),
      creator: z.string(),
      editor: z.string(),
      isFrozen: z.boolean(),
      isEnded: z.boolean(),
    })
    .nullable(),
  messageId: z.string().nullable(),
  order: z.object({ _id: z.string(), reference: z.string() }).nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
});

/** GET /api/admin/moderation-flags (`ModerationPage`). */
export const moderationPageSchema = z.object({
  data: z.array(moderationFlagSchema),
  nextCursor: z.string().nullable(),
  openCount: z.number(),
});

/** POST /api/admin/moderation-flags/{id}/{dismiss|remove-message|freeze-room}. */
export const moderationFlagReplySchema = z.object({ message: z.string(), data: moderationFlagSchema });

/** GET /api/admin/moderation-refusals (`RepeatOffendersPage`). */
export const repeatOffendersPageSchema = z.object({
  data: z.array(
    z.object({
      person: moderationPersonSchema,
      refusals: z.number(),
      lastWeek: z.number(),
      lastAt: z.string(),
      places: z.array(z.object({ place: z.enum(REFUSAL_PLACES), count: z.number() })),
      recent: z.array(
        z.object({
          place: z.enum(REFUSAL_PLACES),
          kind: z.string().nullable(),
          reason: z.string(),
          createdAt: z.string(),
        }),
      ),
    }),
  ),
});

/** POST /api/contact-refusals when the server's screen lets the text pass (a refusal answers 400). */
export const contactRefusalReplySchema = z.object({ refused: z.literal(false) });
