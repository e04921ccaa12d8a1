import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SUPPORT_LIMITS,
  SUPPORT_MESSAGES,
  adminSupportTicketListSchema,
  adminSupportTicketReplySchema,
  adminSupportTicketSchema,
  connectRequestInputSchema,
  errorReplies,
  memberSupportTicketListQuerySchema,
  memberSupportTicketPageSchema,
  memberSupportTicketReplySchema,
  supportReplyInputSchema,
  supportSubmittedReplySchema,
  supportTicketInputSchema,
  supportTicketListQuerySchema,
  supportTicketParamsSchema,
  supportTicketStatusInputSchema,
} from '@cutroom/contracts';
import { perAddressLimit } from '../../lib/http/route-limits';
import { requireRole, requireUser } from '../../plugins/current-user';
import { getMemberTicket, listMemberTickets } from './member-tickets';
import { notifySupportTicket } from './notices';
import { replyMailJob } from './reply-mail';
import {
  SUPPORT_REPLY_MAIL_JOB,
  getSupportTicket,
  listSupportTickets,
  replyToSupportTicket,
  setSupportTicketStatus,
} from './service';
import { submitConnectRequest, submitSupportTicket } from './tickets';

const publicWriteLimit = perAddressLimit(10);
const submitted = { 201: supportSubmittedReplySchema, ...errorReplies };

export const supportRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/public/support',
    { schema: { body: supportTicketInputSchema, response: submitted }, config: publicWriteLimit },
    async (request, reply) => {
      // A signed-in member's ticket is theirs: the owner is the session's account, never a form field.
      const filer = request.user ? { id: request.user.id, email: request.user.email } : null;
      const ticket = await submitSupportTicket(app.db, request.body, filer);
      await notifySupportTicket(app, ticket);
      return reply.status(201).send({ message: SUPPORT_MESSAGES.submitted, data: ticket });
    },
  );

  app.post(
    '/public/connect',
    { schema: { body: connectRequestInputSchema, response: submitted }, config: publicWriteLimit },
    async (request, reply) => {
      // The schema already validated; the service re-parses to apply the same transform for any caller.
      const ticket = await submitConnectRequest(app.db, request.body as never);
      await notifySupportTicket(app, ticket);
      return reply.status(201).send({ message: SUPPORT_MESSAGES.submitted, data: ticket });
    },
  );

  // A member's own tickets and the team's answers (issue 25), in /profile.
  app.get(
    '/support/tickets',
    {
      onRequest: requireUser,
      schema: {
        querystring: memberSupportTicketListQuerySchema,
        response: { 200: memberSupportTicketPageSchema, ...errorReplies },
      },
    },
    async (request) => listMemberTickets(app.db, request.user!.id, request.query),
  );

  app.get(
    '/support/tickets/:ticketId',
    {
      onRequest: requireUser,
      schema: {
        params: supportTicketParamsSchema,
        response: { 200: memberSupportTicketReplySchema, ...errorReplies },
      },
    },
    async (request) => ({ data: await getMemberTicket(app.db, request.user!.id, request.params.ticketId) }),
  );

  // The admins' desk (issue 17). Who may ask is decided (onRequest) before the body is read or the
  // params and query are validated: anyone else gets 401/403, never a 400 or a 413.
  const adminOnly = requireRole('admin');
  const bodyLimit = SUPPORT_LIMITS.bodyMaxBytes;
  app.jobs.define(
    SUPPORT_REPLY_MAIL_JOB,
    replyMailJob({ db: app.db, mailer: app.mailer, config: app.config }),
  );

  app.get(
    '/admin/support-tickets',
    {
      onRequest: adminOnly,
      schema: {
        querystring: supportTicketListQuerySchema,
        response: { 200: adminSupportTicketListSchema, ...errorReplies },
      },
    },
    async (request) => listSupportTickets(app.db, request.query),
  );

  app.get(
    '/admin/support-tickets/:ticketId',
    {
      onRequest: adminOnly,
      schema: {
        params: supportTicketParamsSchema,
        response: { 200: adminSupportTicketSchema, ...errorReplies },
      },
    },
    async (request) => getSupportTicket(app.db, request.params.ticketId),
  );

  app.patch(
    '/admin/support-tickets/:ticketId',
    {
      onRequest: adminOnly,
      bodyLimit,
      schema: {
        params: supportTicketParamsSchema,
        body: supportTicketStatusInputSchema,
        response: { 200: adminSupportTicketReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const { status } = request.body;
      const data = await setSupportTicketStatus(app.db, request.user!.id, request.params.ticketId, status);
      return { message: status === 'closed' ? SUPPORT_MESSAGES.closed : SUPPORT_MESSAGES.reopened, data };
    },
  );

  app.post(
    '/admin/support-tickets/:ticketId/replies',
    {
      onRequest: adminOnly,
      bodyLimit,
      schema: {
        params: supportTicketParamsSchema,
        body: supportReplyInputSchema,
        response: { 201: adminSupportTicketReplySchema, ...errorReplies },
      },
    },
    async (request, reply) => {
      const { ticket, closed } = await replyToSupportTicket(
        { db: app.db, jobs: app.jobs },
        request.user!.id,
        request.params.ticketId,
        request.body,
      );
      return reply.status(201).send({
        message: closed ? SUPPORT_MESSAGES.repliedAndClosed : SUPPORT_MESSAGES.replied,
        data: ticket,
      });
    },
  );
};
