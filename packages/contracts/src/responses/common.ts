import { z } from 'zod';
import { errorReplySchema } from '../roles';

/**
 * Response schemas (`schema.response` of every route). The server's serializer (fastify-type-provider-zod)
 * encodes each reply with its schema before writing it, so a reply schema must be:
 * - complete: an object schema strips keys it does not list, so a missing field would silently vanish;
 * - free of transforms, trims and defaults: it describes what is sent, it does not change it;
 * - written in the order the server builds the object: keys are written in the schema's order, and the
 *   bytes of a reply must not change (see `inReplyOrder`).
 * A value that fails its schema is a 500, so these check types and enums only, never business limits.
 */

/** Every 4xx the error handler sends: `{ message }` (docs/api.md, Errors). Spread into each route's map. */
export const errorReplies = { '4xx': errorReplySchema } as const;

/**
 * `schema` with its keys in `keys` order (every key once): for a shape the server builds in another
 * order than its contract lists it. Throws at import when a key is missing or unknown.
 */
export function inReplyOrder<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  keys: readonly (keyof Shape & string)[],
): z.ZodObject<Shape> {
  const shape = schema.shape;
  const missing = Object.keys(shape).filter((k) => !keys.includes(k));
  if (missing.length > 0 || new Set(keys).size !== keys.length) {
    throw new Error(`inReplyOrder: list every key once (missing: ${missing.join(', ') || 'none'})`);
  }
  return z.object(Object.fromEntries(keys.map((k) => [k, shape[k]]))) as unknown as z.ZodObject<Shape>;
}
