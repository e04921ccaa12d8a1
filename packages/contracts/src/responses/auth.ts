import { z } from 'zod';
import { codePauseReplySchema } from '../auth';
import { errorReplySchema, userSchema } from '../roles';

/** GET /api/me: the signed-in user, or `null` for a visitor who sent `Prefer: session=optional`. */
export const currentUserReplySchema = z.object({ user: userSchema.nullable() });

/** POST /api/auth/admin/register-editor (201). */
export const registerEditorReplySchema = z.object({ message: z.string(), data: userSchema });

/**
 * 429 of POST /api/auth/creator/resend-otp: the 60-second pause says how long in `retryAfter`; the route's
 * rate limit answers with the error handler's plain `{ message }`.
 */
export const resendOtpTooManyReplySchema = z.union([codePauseReplySchema, errorReplySchema]);
