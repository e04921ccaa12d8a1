import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createOrderKernel } from './context';
import type { OrderKernel } from './kernel';
import { orderRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The orders kernel: transactions, effects and rules every order operation shares. */
    orderKernel: OrderKernel;
  }
}

/** The orders module: its kernel, made once and decorated (deliveries use it too), and its routes under /api. */
export const ordersModule = fp(
  async (app: FastifyInstance) => {
    app.decorate('orderKernel', createOrderKernel(app));
    await app.register(orderRoutes, { prefix: '/api' });
  },
  {
    name: 'orders',
    dependencies: ['jobs', 'realtime', 'current-user', 'notifications', 'chat', 'payments'],
  },
);
