import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  SUPPORT_MESSAGES,
  connectRequestInputSchema,
  supportTicketInputSchema,
} from '@cutroom/contracts';
import { requireRole } from '../../plugins/current-user';
import { notifySupportTicket } from '../notifications/producers';
import { listSupportTickets, submitConnectRequest, submitSupportTicket } from './service';

const publicWriteLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };

export const supportRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/public/support',
    { schema: { body: supportTicketInputSchema }, config: publicWriteLimit },
    async (request, reply) => {
      const ticket = await submitSupportTicket(app.db, request.body);
      await notifySupportTicket(app, ticket);
      return reply.status(201).send({ message: SUPPORT_MESSAGES.submitted, data: ticket });
    },
  );

  app.post(
    '/public/connect',
    { schema: { body: connectRequestInputSchema }, config: publicWriteLimit },
    async (request, reply) => {
      // The schema already validated; the service re-parses to apply the same transform for any caller.
      const ticket = await submitConnectRequest(app.db, request.body as never);
      await notifySupportTicket(app, ticket);
      return reply.status(201).send({ message: SUPPORT_MESSAGES.submitted, data: ticket });
    },
  );

  app.get(
    '/admin/support-tickets',
    {
      onRequest: requireRole('admin'),
      schema: {
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
          before: z.coerce.date().optional(),
        }),
      },
    },
    async (request) => listSupportTickets(app.db, request.query),
  );
};
