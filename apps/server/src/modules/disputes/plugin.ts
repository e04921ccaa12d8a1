import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notifier } from '../notifications';
import { orderKernel } from '../orders';
import { adminDisputeRoutes } from './admin-routes';
import { DisputeFiles } from './evidence-files';
import { disputeFileRoutes } from './file-routes';
import { DISPUTE_JOBS } from './job-kinds';
import { disputeRoutes } from './routes';
import { DisputeService } from './service';
import { followSettledDisputes } from './settled';

/** The disputes module: its routes under /api, its deadline job, and the sides' settlements it follows. */
export const disputesModule = fp(
  async (app: FastifyInstance) => {
    const service = new DisputeService({
      k: orderKernel(app),
      db: app.db,
      io: app.io,
      notifier: notifier(app),
      config: app.config,
    });
    app.jobs.define<{ disputeId: string }>(DISPUTE_JOBS.responseDeadline, {
      timeoutMs: 15_000,
      maxAttempts: 10,
      backoff: { baseMs: 2_000, maxMs: 5 * 60_000 },
      handler: (p) => service.responseDeadline(p.disputeId),
    });
    const off = followSettledDisputes(app.events, service);
    app.addHook('onClose', async () => off());
    await app.register(disputeRoutes(service), { prefix: '/api' });
    await app.register(adminDisputeRoutes(service), { prefix: '/api' });
    await app.register(disputeFileRoutes(new DisputeFiles(service, app.storage)), { prefix: '/api' });
  },
  {
    name: 'disputes',
    dependencies: ['jobs', 'realtime', 'current-user', 'notifications', 'media', 'chat', 'orders'],
  },
);
