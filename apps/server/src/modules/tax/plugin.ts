import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { taxDemoStep } from './demo';
import { taxReportRoutes } from './report-routes';
import { taxProfileRoutes } from './routes';

/** The tax module: editors' tax profiles, the rate table, each order's assessment, the returns' exports. */
export const taxModule = fp(
  async (app: FastifyInstance) => {
    app.seeds.addDemo(taxDemoStep);
    await app.register(taxProfileRoutes, { prefix: '/api' });
    await app.register(taxReportRoutes, { prefix: '/api' });
  },
  { name: 'tax', dependencies: ['current-user'] },
);
