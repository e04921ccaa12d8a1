import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { portfolioRoutes } from './routes';

/** The portfolio module: its routes under /api, with multipart parsing for them alone. */
export const portfolioModule = fp(
  async (app: FastifyInstance) => {
    await app.register(portfolioRoutes, { prefix: '/api' });
  },
  { name: 'portfolio', dependencies: ['jobs', 'realtime', 'current-user', 'editor-catalogue', 'media'] },
);
