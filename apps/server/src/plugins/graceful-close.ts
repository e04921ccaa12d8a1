import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** How long a close waits for requests in flight and websocket goodbyes before it cuts their connections. */
export const CLOSE_CONNECTIONS_AFTER_MS = 5_000;

/**
 * Makes closing the app bounded. The HTTP server's close waits for every connection to end, and only
 * ends the idle ones once, when it starts. A request in flight at that moment is answered with
 * keep-alive (timeout=72 advertised), so its client keeps the connection open for some 70 s and the
 * close waits as long. While closing, every answer says `Connection: close`, connections that have
 * gone idle are ended as they do, and whatever is still open after CLOSE_CONNECTIONS_AFTER_MS (a long
 * request, a websocket peer that never answers the closing handshake) is cut.
 */
export const gracefulClosePlugin = fp(
  async (app: FastifyInstance) => {
    const server = app.server;
    const sockets = new Set<Socket>();
    server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });

    let closing = false;
    app.addHook('onSend', async (_request, reply, payload) => {
      if (closing) reply.header('connection', 'close');
      return payload;
    });
    // The first preClose hook: the others (jobs, sockets) may take a moment, while requests still end.
    app.addHook('preClose', async () => {
      closing = true;
      const sweep = setInterval(() => server.closeIdleConnections(), 100).unref();
      const cut = setTimeout(() => {
        for (const socket of sockets) socket.destroy();
      }, CLOSE_CONNECTIONS_AFTER_MS).unref();
      server.once('close', () => {
        clearInterval(sweep);
        clearTimeout(cut);
      });
    });
  },
  { name: 'graceful-close' },
);
