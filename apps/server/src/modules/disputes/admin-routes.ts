import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DISPUTE_MESSAGES,
  adminDisputePageSchema,
  adminDisputeRowSchema,
  adminDisputesQuerySchema,
  decideDisputeInputSchema,
  disputeIdParamsSchema,
  disputeReplySchema,
  errorReplies,
} from '@cutroom/contracts';
import { z } from 'zod';
import { notFound } from '../../lib/http-error';
import { requireRole } from '../../plugins/current-user';
import { adminDisputeQueue } from './admin-queue';
import { decideDispute } from './decision';
import type { DisputeService } from './service';

/** The admins' case files (docs/api.md, Disputes): the queue, one case, and the decision. */
export function adminDisputeRoutes(service: DisputeService): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const adminOnly = requireRole('admin');
    const { db, config } = service.deps;

    app.get(
      '/admin/disputes',
      {
        onRequest: adminOnly,
        schema: {
          querystring: adminDisputesQuerySchema,
          response: { 200: adminDisputePageSchema, ...errorReplies },
        },
      },
      async (request) => adminDisputeQueue(db, config, request.query),
    );

    app.get(
      '/admin/disputes/:id',
      {
        onRequest: adminOnly,
        schema: {
          params: disputeIdParamsSchema,
          response: { 200: z.object({ data: adminDisputeRowSchema }), ...errorReplies },
        },
      },
      async (request) => {
        const page = await adminDisputeQueue(
          db,
          config,
          { status: 'open', page: 1, limit: 1 },
          request.params.id,
        );
        if (!page.data[0]) throw notFound(DISPUTE_MESSAGES.notFound);
        return { data: page.data[0] };
      },
    );

    app.post(
      '/admin/disputes/:id/decide',
      {
        onRequest: adminOnly,
        schema: { params: disputeIdParamsSchema, response: { 200: disputeReplySchema, ...errorReplies } },
      },
      async (request) => {
        const input = decideDisputeInputSchema.parse(request.body ?? {});
        return {
          data: await decideDispute(
            service,
            { id: request.user!.id, role: 'admin' },
            request.params.id,
            input,
          ),
        };
      },
    );
  };
}
