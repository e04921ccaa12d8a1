import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { payoutRoutes } from './routes';

/** The payouts module: its routes under /api; its ledger follows orders' events (`order.paid`, `order.closed`). */
export const payoutsModule = fp(
  async (app: FastifyInstance) => {
    await app.register(payoutRoutes, { prefix: '/api' });
  },
  { name: 'payouts', dependencies: ['jobs', 'current-user', 'notifications', 'payments', 'orders'] },
);
