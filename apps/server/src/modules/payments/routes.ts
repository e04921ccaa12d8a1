import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  PAYMENT_MESSAGES,
  adminPaymentPageSchema,
  errorReplies,
  paymentGatewayInfoSchema,
  paymentListPageSchema,
  paymentStatusReplySchema,
  refundCreatedReplySchema,
  refundInputSchema,
  refundsSummarySchema,
} from '@cutroom/contracts';
import { perUserLimit } from '../../lib/http/route-limits';
import { requireRole, requireUser } from '../../plugins/current-user';
import { paymentsContext } from './context';
import { gatewayFor } from './gateway';
import { createRefund, readRefunds } from './refunds';
import { listAllPayments, listOwnPayments, paymentStatus } from './service';
import { webhookRoutes } from './webhook';

const orderParams = z.object({ orderId: z.string().min(1).max(64) });
const ownListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  before: z.string().max(200).optional(),
});

// What each route answers (besides the error handler's `{ message }` on a 4xx).
const gatewayInfo = { 200: paymentGatewayInfoSchema, ...errorReplies };
const ownPage = { 200: paymentListPageSchema, ...errorReplies };

/**
 * A payment's status is read by polling pages (every 2 s while unconfirmed); this leaves room for a few
 * tabs while stopping a client from hammering us and, through us, the gateway.
 */
export const STATUS_READS_PER_MINUTE = 60;

/** Payments API (SPEC.md §7, DESIGN.md §4), mounted under /api. */
export const paymentRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const ctx = () => paymentsContext(app);
  app.addHook('onClose', async () => gatewayFor(app).close?.());

  // Which checkout the pages prepare (Cashfree's SDK in sandbox or production, or the simulator).
  app.get('/payment/gateway', { schema: { response: gatewayInfo } }, async () => {
    const gateway = gatewayFor(app);
    return { provider: gateway.provider, mode: gateway.mode };
  });

  app.get(
    '/payment/creator/me',
    { onRequest: requireRole('creator'), schema: { querystring: ownListQuery, response: ownPage } },
    async (request) => listOwnPayments(ctx(), request.user!, request.query),
  );

  app.get(
    '/payment/editor/me',
    { onRequest: requireRole('editor'), schema: { querystring: ownListQuery, response: ownPage } },
    async (request) => listOwnPayments(ctx(), request.user!, request.query),
  );

  app.get(
    '/payment/admin',
    {
      onRequest: requireRole('admin'),
      schema: {
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(100_000).default(1),
          limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
        }),
        response: { 200: adminPaymentPageSchema, ...errorReplies },
      },
    },
    async (request) => listAllPayments(ctx(), request.query),
  );

  app.get(
    '/payment/status/:orderId',
    {
      onRequest: requireUser,
      config: perUserLimit(STATUS_READS_PER_MINUTE),
      schema: { params: orderParams, response: { 200: paymentStatusReplySchema, ...errorReplies } },
    },
    // SPEC.md §7 'response payment', plus how the checkout ended (paymentStatusReplySchema).
    async (request) => paymentStatus(ctx(), request.user!, request.params.orderId),
  );

  app.post(
    '/payment/refund/:orderId',
    {
      onRequest: requireRole('admin'),
      schema: { params: orderParams, response: { 201: refundCreatedReplySchema, ...errorReplies } },
    },
    async (request, reply) => {
      const input = refundInputSchema.parse(request.body ?? {});
      const result = await createRefund(ctx(), request.user!, request.params.orderId, input);
      return reply.status(201).send({ message: PAYMENT_MESSAGES.refundCreated, ...result });
    },
  );

  app.get(
    '/payment/refund/:orderId',
    {
      onRequest: requireRole('admin'),
      schema: { params: orderParams, response: { 200: refundsSummarySchema, ...errorReplies } },
    },
    async (request) => readRefunds(ctx(), request.params.orderId),
  );

  await app.register(webhookRoutes);
};
