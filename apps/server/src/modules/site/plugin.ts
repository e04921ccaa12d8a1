import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { siteRoutes } from './routes';

/** The site module: its routes under /api (robots.txt and the sitemap are registered by app.ts at the root). */
export const siteModule = fp(
  async (app: FastifyInstance) => {
    await app.register(siteRoutes, { prefix: '/api' });
  },
  { name: 'site' },
);
