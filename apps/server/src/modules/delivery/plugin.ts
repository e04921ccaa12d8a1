import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deliveryRoutes } from './routes';

/** The delivery module: its routes under /api, with multipart parsing for them alone. */
export const deliveryModule = fp(
  async (app: FastifyInstance) => {
    await app.register(deliveryRoutes, { prefix: '/api' });
  },
  {
    name: 'delivery',
    dependencies: ['jobs', 'realtime', 'current-user', 'notifications', 'media', 'chat', 'orders', 'files'],
  },
);
