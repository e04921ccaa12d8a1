import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  answerDisputeInputSchema,
  disputeIdParamsSchema,
  disputeListReplySchema,
  disputeReplySchema,
  errorReplies,
  openDisputeInputSchema,
  orderParamsSchema,
} from '@cutroom/contracts';
import { perUserLimit } from '../../lib/http/route-limits';
import { requireRole, requireUser } from '../../plugins/current-user';
import type { DisputeService } from './service';

const bodyOf = (request: FastifyRequest) => request.body ?? {};
const one = { 200: disputeReplySchema, ...errorReplies };

/** The two sides' dispute routes (docs/api.md, Disputes); the rules run in the service, the order locked. */
export function disputeRoutes(service: DisputeService): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const sides = requireRole('creator', 'editor');

    app.post(
      '/orders/:id/dispute',
      {
        onRequest: sides,
        schema: { params: orderParamsSchema, response: { 201: disputeReplySchema, ...errorReplies } },
        config: perUserLimit(10),
      },
      async (request, reply) => {
        const input = openDisputeInputSchema.parse(bodyOf(request));
        return reply.status(201).send({ data: await service.open(request.user!, request.params.id, input) });
      },
    );

    app.get(
      '/orders/:id/disputes',
      {
        onRequest: requireUser,
        schema: { params: orderParamsSchema, response: { 200: disputeListReplySchema, ...errorReplies } },
      },
      async (request) => ({ data: await service.listForOrder(request.user!, request.params.id) }),
    );

    app.get(
      '/disputes/:id',
      { onRequest: requireUser, schema: { params: disputeIdParamsSchema, response: one } },
      async (request) => ({ data: await service.view(request.user!, request.params.id) }),
    );

    app.post(
      '/disputes/:id/answer',
      {
        onRequest: sides,
        schema: { params: disputeIdParamsSchema, response: one },
        config: perUserLimit(20),
      },
      async (request) => {
        const input = answerDisputeInputSchema.parse(bodyOf(request));
        return { data: await service.answer(request.user!, request.params.id, input) };
      },
    );

    for (const step of ['escalate', 'withdraw'] as const) {
      app.post(
        `/disputes/:id/${step}`,
        {
          onRequest: sides,
          schema: { params: disputeIdParamsSchema, response: one },
          config: perUserLimit(20),
        },
        async (request) => ({ data: await service[step](request.user!, request.params.id) }),
      );
    }
  };
}
