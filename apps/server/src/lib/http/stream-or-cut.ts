import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * A reply body streamed from `chunks`, which may fail part-way (a database read). A failure once the
 * stream has begun cannot become an error reply: the head may be out already, or held back by
 * compression and carrying a Content-Encoding the error's body would not have, so the client would get a
 * malformed answer on a connection it may reuse. The connection is closed instead: the client sees a
 * cut-off answer (no final chunk) and opens a new connection. Read what can fail before streaming, so
 * those failures are ordinary error replies.
 */
export function streamOrCut(reply: FastifyReply, chunks: AsyncIterable<string>): Readable {
  async function* guarded() {
    try {
      yield* chunks;
    } catch (err) {
      reply.log.error({ err }, 'a streamed reply failed part-way; its connection is closed');
      reply.raw.destroy();
    }
  }
  return Readable.from(guarded());
}
