import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { issuePaperOnEvents } from './listeners';
import { invoiceRoutes } from './routes';

/** The invoices module: the paper of every order, issued as its money moves (payouts' events). */
export const invoicesModule = fp(
  async (app: FastifyInstance) => {
    issuePaperOnEvents(app);
    await app.register(invoiceRoutes, { prefix: '/api' });
  },
  { name: 'invoices', dependencies: ['current-user', 'orders', 'payouts', 'tax'] },
);
