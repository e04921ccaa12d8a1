import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { dashboardRoutes } from './routes';

/** The dashboard module: the admins' figures under /api. */
export const dashboardModule = fp(
  async (app: FastifyInstance) => {
    await app.register(dashboardRoutes, { prefix: '/api' });
  },
  { name: 'dashboard', dependencies: ['current-user'] },
);
