import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  RECONCILIATION_MESSAGES,
  errorReplies,
  reconciliationPageSchema,
  reconciliationQuerySchema,
  reconciliationRanSchema,
} from '@cutroom/contracts';
import { conflict } from '../../../lib/http-error';
import { perUserLimit } from '../../../lib/http/route-limits';
import { requireRole } from '../../../plugins/current-user';
import { paymentsContext } from '../context';
import { lastRun, listFindings } from './queries';
import { runReconciliation } from './run';

/** The admin's Reconciliation page: findings, the last run, and Run now. Mounted under /api. */
export const reconciliationRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const adminOnly = requireRole('admin');

  app.get(
    '/admin/reconciliation',
    {
      onRequest: adminOnly,
      schema: {
        querystring: reconciliationQuerySchema,
        response: { 200: reconciliationPageSchema, ...errorReplies },
      },
    },
    async (request) => ({
      ...(await listFindings(app.db, request.query)),
      lastRun: await lastRun(app.db),
    }),
  );

  app.post(
    '/admin/reconciliation/run',
    {
      onRequest: adminOnly,
      config: perUserLimit(6),
      schema: { response: { 200: reconciliationRanSchema, ...errorReplies } },
    },
    async () => {
      const run = await runReconciliation(paymentsContext(app), 'admin');
      if (!run) throw conflict(RECONCILIATION_MESSAGES.alreadyRunning);
      return { run, message: RECONCILIATION_MESSAGES.ran };
    },
  );
};
