import { z } from 'zod';

/** GET /api/health: `{ status: "ok" }`. */
export const healthReplySchema = z.object({ status: z.string() });

/** GET /api/ready: `{ status: "ready", database }`, which database answered. */
export const readyReplySchema = z.object({
  status: z.string(),
  database: z.enum(['postgres', 'pglite']),
});
