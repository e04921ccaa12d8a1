import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * A reply sent before its request body was read to the end (a 413 past an upload's size limit, a 400 on
 * an early multipart part while more parts follow, any error raised mid-stream) must not keep its
 * connection alive: the unread rest of the body sits on the wire in front of the next request, which
 * would then hang until the keep-alive timeout. Such a reply says `Connection: close`, so Node closes the
 * socket once it is written, and whatever of the body already arrived is drained meanwhile (nothing reads
 * it any more), so the reply is not lost to a reset while the client is still sending.
 */
export const unreadBodiesPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      const raw = request.raw;
      if (!raw.complete && !raw.destroyed && !reply.raw.headersSent) {
        reply.header('connection', 'close');
        raw.unpipe();
        raw.resume();
      }
      done(null, payload);
    });
  },
  { name: 'unread-bodies' },
);
