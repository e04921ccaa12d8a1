import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminDashboardSchema, errorReplies } from '@cutroom/contracts';
import { requireRole } from '../../plugins/current-user';
import { dashboardFigures } from './figures';

export const dashboardRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/admin/dashboard',
    {
      onRequest: requireRole('admin'),
      schema: { response: { 200: adminDashboardSchema, ...errorReplies } },
    },
    async (_request, reply) => {
      // Figures of this moment for one admin: never kept by a shared cache.
      reply.header('cache-control', 'private, no-store');
      return dashboardFigures(app.db);
    },
  );
};
