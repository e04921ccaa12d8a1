import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPaymentsContext, type PaymentsContext } from './context';
import { createPaymentGateways, type PaymentGateways } from './gateway';
import { defineReconciliation } from './reconciliation/job';
import { reconciliationRoutes } from './reconciliation/routes';
import { gatewayDisputeRoutes } from './dispute-routes';
import { paymentRoutes } from './routes';
import { paymentSimulatorPlugin } from './simulator/routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The gateway (PAYMENT_PROVIDER) and its Easy Split, made once per server. */
    paymentGateways: PaymentGateways;
    /** What the payment services work with (orders and payouts reach it through `paymentsContext`). */
    payments: PaymentsContext;
  }
}

/**
 * The payments module: its gateways and context, made once and decorated; its routes under /api, and the
 * simulator's checkout pages at the root (only when the simulator is the gateway).
 */
export const paymentsModule = fp(
  async (app: FastifyInstance) => {
    app.decorate('paymentGateways', createPaymentGateways(app));
    app.decorate('payments', createPaymentsContext(app));
    await app.register(paymentRoutes, { prefix: '/api' });
    await app.register(reconciliationRoutes, { prefix: '/api' });
    await app.register(gatewayDisputeRoutes, { prefix: '/api' });
    defineReconciliation(app, () => app.payments);
    await app.register(paymentSimulatorPlugin);
  },
  { name: 'payments', dependencies: ['current-user', 'notifications', 'jobs'] },
);
