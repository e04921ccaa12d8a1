import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptOfferInputSchema,
  cancellationInputSchema,
  chatMessageReplySchema,
  createOfferInputSchema,
  createPaymentInputSchema,
  deliveryRoomParamsSchema,
  errorReplies,
  extensionInputSchema,
  settlementInputSchema,
  offerRequestInputSchema,
  orderActionReplySchema,
  orderDetailReplySchema,
  orderListPageSchema,
  orderListQuerySchema,
  orderParamsSchema,
  paymentCreatedReplySchema,
  tierTitleSchema,
} from '@cutroom/contracts';
import { perAddressLimit, perUserLimit } from '../../lib/http/route-limits';
import { requireRole, requireUser } from '../../plugins/current-user';
import {
  acceptCancellation,
  cancelByCreator,
  closeCancellationRequest,
  requestCancellation,
} from './cancellation';
import { orderKernel } from './context';
import { acceptExtension, closeExtensionRequest, requestExtension } from './extension';
import { acceptSettlement, closeSettlement, proposeSettlement } from './settlement';
import { listOwnOrders, orderDetail } from './listing';
import { acceptOffer, declineOffer, requestOffer, sendOffer, withdrawOffer } from './offers';
import { buyTier, payForOrder } from './pay';
import { linkSucceededPayment, recordConfirmedRefund } from './payment-link';
import { defineOrderJobs } from './scheduled';
import { acceptExtraRevision } from './review';
import { adminOrderRoutes } from './admin-routes';

const bodyOf = (request: FastifyRequest) => request.body ?? {};

// What each route answers (besides the error handler's `{ message }` on a 4xx).
const oneOrder = { 200: orderActionReplySchema, ...errorReplies };
const detail = { 200: orderDetailReplySchema, ...errorReplies };
const ordersPage = { 200: orderListPageSchema, ...errorReplies };
const paymentCreated = { 201: paymentCreatedReplySchema, ...errorReplies };

/**
 * Orders (docs/api.md, Orders): offers in the chat, acceptance, payment, cancellation, and Pay Now on a
 * tier (SPEC.md §7's payment link, which creates the order it pays). Role checks run before any body is
 * read; the order's own rules run in modules/orders with the row locked.
 */
export const orderRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const k = orderKernel(app);
  defineOrderJobs(app.jobs, k);
  const unsubscribe = [
    app.events.onInTransaction('payment.succeeded', (tx, event) => linkSucceededPayment(k, tx, event), {
      by: 'orders',
    }),
    app.events.onAfterCommit('refund.succeeded', (event) => recordConfirmedRefund(k, event), {
      by: 'orders',
    }),
  ];
  app.addHook('onClose', async () => unsubscribe.forEach((off) => off()));

  const creatorOnly = requireRole('creator');
  const editorOnly = requireRole('editor');
  const sides = requireRole('creator', 'editor');
  const params = { params: orderParamsSchema, response: oneOrder };
  const detailParams = { params: orderParamsSchema, response: detail };
  const payParams = { params: orderParamsSchema, response: paymentCreated };

  app.post(
    '/payment/:editorId/:tier',
    {
      onRequest: creatorOnly,
      schema: {
        params: z.object({ editorId: z.string().max(64), tier: tierTitleSchema }),
        response: paymentCreated,
      },
      config: perAddressLimit(20),
    },
    async (request, reply) => {
      const input = createPaymentInputSchema.parse(bodyOf(request));
      return reply.status(201).send(await buyTier(k, request.user!, request.params, input));
    },
  );

  app.post(
    '/chat/:roomId/offers',
    {
      onRequest: editorOnly,
      schema: {
        params: deliveryRoomParamsSchema,
        response: { 201: orderActionReplySchema, ...errorReplies },
      },
      config: perUserLimit(30),
    },
    async (request, reply) => {
      const input = createOfferInputSchema.parse(bodyOf(request));
      return reply
        .status(201)
        .send({ data: await sendOffer(k, request.user!, request.params.roomId, input) });
    },
  );

  app.post(
    '/chat/:roomId/offer-requests',
    {
      onRequest: creatorOnly,
      schema: {
        params: deliveryRoomParamsSchema,
        response: { 201: chatMessageReplySchema, ...errorReplies },
      },
      config: perUserLimit(20),
    },
    async (request, reply) => {
      const input = offerRequestInputSchema.parse(bodyOf(request));
      return reply
        .status(201)
        .send({ data: await requestOffer(k, request.user!, request.params.roomId, input) });
    },
  );

  app.get(
    '/orders',
    { onRequest: sides, schema: { querystring: orderListQuerySchema, response: ordersPage } },
    async (request) => listOwnOrders(app.db, request.user!, request.query),
  );

  app.get('/orders/:id', { onRequest: requireUser, schema: detailParams }, async (request) =>
    orderDetail(app.db, request.user!, request.params.id, app.notifier),
  );

  app.post(
    '/orders/:id/accept',
    { onRequest: creatorOnly, schema: params, config: perUserLimit(30) },
    async (request) => ({
      data: await acceptOffer(
        k,
        request.user!,
        request.params.id,
        acceptOfferInputSchema.parse(bodyOf(request)),
      ),
    }),
  );

  app.post(
    '/orders/:id/decline',
    { onRequest: creatorOnly, schema: params, config: perUserLimit(30) },
    async (request) => ({
      data: await declineOffer(k, request.user!, request.params.id),
    }),
  );

  app.post(
    '/orders/:id/withdraw',
    { onRequest: editorOnly, schema: params, config: perUserLimit(30) },
    async (request) => ({
      data: await withdrawOffer(k, request.user!, request.params.id),
    }),
  );

  app.post(
    '/orders/:id/pay',
    { onRequest: creatorOnly, schema: payParams, config: perUserLimit(20) },
    async (request, reply) => {
      const input = createPaymentInputSchema.parse(bodyOf(request));
      return reply.status(201).send(await payForOrder(k, request.user!, request.params.id, input));
    },
  );

  app.post(
    '/orders/:id/cancel',
    { onRequest: creatorOnly, schema: params, config: perUserLimit(30) },
    async (request) => {
      const { reason } = cancellationInputSchema.parse(bodyOf(request));
      return { data: await cancelByCreator(k, request.user!, request.params.id, reason) };
    },
  );

  app.post(
    '/orders/:id/cancellation',
    { onRequest: sides, schema: params, config: perUserLimit(30) },
    async (request) => {
      const { reason } = cancellationInputSchema.parse(bodyOf(request));
      return { data: await requestCancellation(k, request.user!, request.params.id, reason) };
    },
  );

  app.post(
    '/orders/:id/cancellation/accept',
    { onRequest: sides, schema: params, config: perUserLimit(30) },
    async (request) => ({ data: await acceptCancellation(k, request.user!, request.params.id) }),
  );

  for (const how of ['decline', 'withdraw'] as const) {
    app.post(
      `/orders/:id/cancellation/${how}`,
      { onRequest: sides, schema: params, config: perUserLimit(30) },
      async (request) => ({ data: await closeCancellationRequest(k, request.user!, request.params.id, how) }),
    );
  }

  app.post(
    '/orders/:id/extra-revision',
    { onRequest: editorOnly, schema: params, config: perUserLimit(30) },
    async (request) => ({ data: await acceptExtraRevision(k, request.user!, request.params.id) }),
  );

  app.post(
    '/orders/:id/extension',
    { onRequest: editorOnly, schema: params, config: perUserLimit(30) },
    async (request) => {
      const input = extensionInputSchema.parse(bodyOf(request));
      return { data: await requestExtension(k, request.user!, request.params.id, input) };
    },
  );

  app.post(
    '/orders/:id/extension/accept',
    { onRequest: creatorOnly, schema: params, config: perUserLimit(30) },
    async (request) => ({ data: await acceptExtension(k, request.user!, request.params.id) }),
  );

  for (const [how, onRequest] of [
    ['decline', creatorOnly],
    ['withdraw', editorOnly],
  ] as const) {
    app.post(
      `/orders/:id/extension/${how}`,
      { onRequest, schema: params, config: perUserLimit(30) },
      async (request) => ({ data: await closeExtensionRequest(k, request.user!, request.params.id, how) }),
    );
  }

  app.post(
    '/orders/:id/settlement',
    { onRequest: sides, schema: params, config: perUserLimit(30) },
    async (request) => {
      const input = settlementInputSchema.parse(bodyOf(request));
      return { data: await proposeSettlement(k, request.user!, request.params.id, input) };
    },
  );

  app.post(
    '/orders/:id/settlement/accept',
    { onRequest: sides, schema: params, config: perUserLimit(30) },
    async (request) => ({ data: await acceptSettlement(k, request.user!, request.params.id) }),
  );

  for (const how of ['decline', 'withdraw'] as const) {
    app.post(
      `/orders/:id/settlement/${how}`,
      { onRequest: sides, schema: params, config: perUserLimit(30) },
      async (request) => ({ data: await closeSettlement(k, request.user!, request.params.id, how) }),
    );
  }

  await app.register(adminOrderRoutes);
};
