import fastifyCookie from '@fastify/cookie';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { bearerToken, type SessionUser } from './current-user';

export interface SocketData {
  user: SessionUser;
}

/** The Socket.IO room of one user's sockets. */
export const userChannel = (userId: string) => `user:${userId}`;
/** Every admin's sockets: events admins' screens follow wherever they are (orders changing). */
export const ADMINS_CHANNEL = 'role:admin';
export type AppSocket = Socket<any, any, any, SocketData>;
export type AppIo = Server<any, any, any, SocketData>;

declare module 'fastify' {
  interface FastifyInstance {
    io: AppIo;
  }
}

/**
 * Socket.IO on the same port, websocket transport only, authenticated at the handshake by the session
 * cookie or the token (auth.token or a Bearer header). With Redis, events fan out across instances
 * through the Streams adapter, which also keeps connection-state recovery working.
 */
export const realtimePlugin = fp(realtime, { name: 'realtime' });

async function realtime(app: FastifyInstance) {
  const io: AppIo = new Server(app.server, {
    path: '/socket.io',
    transports: ['websocket'],
    serveClient: false,
    cors: { origin: false },
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: false },
    adapter: app.redis
      ? createAdapter(app.redis, {
          // One prefix per deployment (or test run) so that instances of different deployments sharing a
          // Redis never see each other's events or sessions.
          streamName: `${app.config.REDIS_PREFIX}:socket.io`,
          channelPrefix: `${app.config.REDIS_PREFIX}:socket.io`,
          sessionKeyPrefix: `${app.config.REDIS_PREFIX}:sio:session:`,
        })
      : undefined,
  });

  io.use(async (socket, next) => {
    try {
      const auth = socket.handshake.auth as { token?: unknown } | undefined;
      const candidates = [
        typeof auth?.token === 'string' ? auth.token : null,
        bearerToken(socket.handshake.headers.authorization),
        // The cookie rides along on any page's handshake, so it counts only from our own origin.
        sameOrigin(socket.handshake.headers, app.config.PUBLIC_URL)
          ? (fastifyCookie.parse(socket.handshake.headers.cookie ?? '')[app.sessionLookup.cookieName] ?? null)
          : null,
      ];
      for (const token of candidates) {
        if (!token) continue;
        const user = await app.sessionLookup.find(token);
        if (user) {
          socket.data.user = user;
          return next();
        }
      }
      next(new Error('unauthorized'));
    } catch (err) {
      app.log.error({ err }, 'socket handshake failed');
      next(new Error('unavailable'));
    }
  });

  // Every socket listens on its user's own channel: events about the user's rooms reach every open tab,
  // whichever room the tab has joined (and on any instance, through the adapter).
  io.on('connection', (socket) => {
    void socket.join(userChannel(socket.data.user.id));
    if (socket.data.user.role === 'admin') void socket.join(ADMINS_CHANNEL);
  });

  app.decorate('io', io);
  // Before the HTTP server closes (preClose), not after (onClose): it waits for every connection to end,
  // and an open websocket never would, so shutdown hung until main's force-exit. What io.close() does but
  // the HTTP server's close, which Fastify makes next (waiting for requests in flight): the sockets end as
  // on a lost connection, so clients reconnect (to another instance) and recover their state.
  app.addHook('preClose', async () => {
    await Promise.allSettled(
      [...io._nsps.values()].map(async (nsp) => {
        nsp.sockets.forEach((socket) => socket._onclose('server shutting down'));
        await nsp.adapter.close();
      }),
    );
    io.engine.close();
  });
}

function sameOrigin(headers: { origin?: string; host?: string }, publicUrl: string): boolean {
  const origin = headers.origin;
  if (!origin) return true;
  return origin === new URL(publicUrl).origin || origin.replace(/^https?:\/\//, '') === headers.host;
}
