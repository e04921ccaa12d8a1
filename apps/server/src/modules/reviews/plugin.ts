import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { reviewRoutes } from './routes';

/** The reviews module: its routes under /api. */
export const reviewsModule = fp(
  async (app: FastifyInstance) => {
    await app.register(reviewRoutes, { prefix: '/api' });
  },
  { name: 'reviews', dependencies: ['current-user', 'editor-catalogue', 'notifications'] },
);
