import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Notifier } from './notifier';
import { notificationRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Files notices (bell, live update, e-mail job); made once by the notifications module. */
    notifier: Notifier;
  }
}

/** The notifications module: its notifier, decorated for every module, and its routes under /api. */
export const notificationsModule = fp(
  async (app: FastifyInstance) => {
    app.decorate('notifier', new Notifier(app.db, app.io, app.jobs, app.log));
    await app.register(notificationRoutes, { prefix: '/api' });
  },
  { name: 'notifications', dependencies: ['jobs', 'realtime', 'current-user'] },
);
