import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { supportRoutes } from './routes';

/** The support module: its routes under /api (the contact form, the admins' desk). */
export const supportModule = fp(
  async (app: FastifyInstance) => {
    await app.register(supportRoutes, { prefix: '/api' });
  },
  { name: 'support', dependencies: ['jobs', 'current-user', 'notifications'] },
);
