import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { moderationRoutes } from './routes';

/** The moderation module: its routes under /api; it files what chat announces as suspected (`content.suspected`). */
export const moderationModule = fp(
  async (app: FastifyInstance) => {
    await app.register(moderationRoutes, { prefix: '/api' });
  },
  { name: 'moderation', dependencies: ['realtime', 'current-user', 'notifications', 'chat'] },
);
