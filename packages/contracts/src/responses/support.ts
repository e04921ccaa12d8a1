import { z } from 'zod';
import { supportTicketSchema } from '../support';
import { inReplyOrder } from './common';

/** A ticket as the public forms get it back, in the order the server writes it. */
export const submittedTicketSchema = inReplyOrder(supportTicketSchema, [
  '_id',
  'reference',
  'name',
  'email',
  'subject',
  'message',
  'createdAt',
]);

/** POST /api/public/support and /api/public/connect (201). */
export const supportSubmittedReplySchema = z.object({
  message: z.string(),
  data: submittedTicketSchema,
});
