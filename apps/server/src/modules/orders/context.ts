import type { FastifyInstance } from 'fastify';
import { chatService } from '../chat';
import { paymentsContext } from '../payments';
import { notifier } from '../notifications';
import { OrderAnnouncer } from './effects';
import { OrderKernel } from './kernel';

/** Makes the orders kernel of a server instance; the orders module's plugin does it once. */
export function createOrderKernel(app: FastifyInstance): OrderKernel {
  const chat = chatService(app);
  return new OrderKernel({
    db: app.db,
    jobs: app.jobs,
    config: app.config,
    log: app.log,
    chat,
    announcer: new OrderAnnouncer(app.io, chat, app.jobs, app.log, { db: app.db, notifier: notifier(app) }),
    payments: () => paymentsContext(app),
    events: app.events,
    notices: notifier(app),
  });
}

/** The orders kernel of a server instance, shared by the orders routes and the deliveries module. */
export function orderKernel(app: FastifyInstance): OrderKernel {
  return app.orderKernel;
}
