import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MessageWriter } from './message-writer';
import { chatRoutes } from './routes';
import { SenderMemory } from './sender-memory';
import { ChatService } from './service';
import { noteUnreadMessage, type OwedDigests } from './unread-digest';
import { notifier } from '../notifications';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one chat service of the server (REST, sockets, other modules' system lines). */
    chat: ChatService;
  }
}

/**
 * The chat module: its service, made once with this server's message writer, senders' memory and owed
 * digests, decorated for the routes, the sockets and other modules; its routes under /api.
 */
export const chatModule = fp(
  async (app: FastifyInstance) => {
    const owed: OwedDigests = new Map();
    const writing = { writer: new MessageWriter(app.db), memory: new SenderMemory() };
    app.decorate(
      'chat',
      new ChatService(
        app.db,
        app.io,
        writing,
        app.log,
        (room, message) => noteUnreadMessage(app, owed, room, message),
        app.events,
        notifier(app),
      ),
    );
    await app.register(chatRoutes, { prefix: '/api' });
  },
  { name: 'chat', dependencies: ['jobs', 'realtime', 'current-user', 'notifications'] },
);
