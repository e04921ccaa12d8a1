import { z } from 'zod';
import { deliverySchema } from '../delivery';

/** GET /api/chat/{roomId}/deliveries (`DeliveriesPage`). */
export const deliveriesPageSchema = z.object({
  data: z.array(deliverySchema),
  hasMore: z.boolean(),
});

/**
 * Send (201), approve, retry-preview and request-changes; request-changes adds `message` when no revision
 * was left (the editor may accept an extra one).
 */
export const deliveryReplySchema = z.object({
  data: deliverySchema,
  message: z.string().optional(),
});
