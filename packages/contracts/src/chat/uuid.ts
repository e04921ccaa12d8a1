/** Ids in chat bodies and payloads (internal to the chat contracts; not exported by the package). */
import { z } from 'zod';

export const uuidSchema = (what: string) =>
  z.string({ error: `${what} is required` }).uuid(`Invalid ${what}`);
