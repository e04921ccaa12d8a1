import fastifyMultipart from '@fastify/multipart';
import { notifyDeliveryReady } from './notices';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DELIVERY_MESSAGES,
  ORDER_MESSAGES,
  deliveriesPageSchema,
  deliveriesQuerySchema,
  deliveryReplySchema,
  errorReplies,
  finalLinkSchema,
  deliveryParamsSchema,
  deliveryRoomParamsSchema,
  requestChangesInputSchema,
} from '@cutroom/contracts';
import { unauthorized } from '../../lib/http-error';
import { extensionForContentType } from '../../lib/storage';
import { perUserLimit } from '../../lib/http/route-limits';
import { sendStoredObject } from '../../lib/http/serve-object';
import { requireRole, requireUser } from '../../plugins/current-user';
import { chatService } from '../chat';
import { orderKernel } from '../orders';
import { followOrderReviewDecisions } from './decisions';
import { DeliveryAnnouncer } from './events';
import { PREVIEW_JOB, previewJob } from './preview-job';
import { videoPreviewSupport } from './preview';
import { DeliveryService, type Actor } from './service';
import { FINAL_LINK_TTL_MS, ticketSigner, verifyTicket, type TicketPurpose } from '../auth';
import { DELIVERY_MULTIPART_LIMITS, receiveDelivery } from './upload';
import { deliveryUploadPolicy } from './upload-kind';

const ticketQuery = z.object({ t: z.string().max(200).optional() });
// What each route answers (besides the error handler's `{ message }` on a 4xx).
const page = { 200: deliveriesPageSchema, ...errorReplies };
const oneDelivery = { 200: deliveryReplySchema, ...errorReplies };

/**
 * Deliveries in the chat. Authorization runs before validation and before any upload byte is read;
 * media (preview, poster, original) is only ever streamed by these routes, after checking the viewer.
 */
export const deliveryRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  await app.register(fastifyMultipart, { limits: DELIVERY_MULTIPART_LIMITS });

  const announce = new DeliveryAnnouncer(app.io, chatService(app), app.log);
  const unfollow = followOrderReviewDecisions(app.events, announce);
  app.addHook('onClose', async () => unfollow());
  const deliveries = new DeliveryService({
    db: app.db,
    storage: app.storage,
    jobs: app.jobs,
    announce,
    log: app.log,
    orders: orderKernel(app),
  });
  app.uploadKinds.register('delivery', deliveryUploadPolicy(app.config, app.db, deliveries));
  app.jobs.define(
    PREVIEW_JOB,
    previewJob({
      db: app.db,
      storage: app.storage,
      announce,
      onReady: (d) => notifyDeliveryReady(app, d),
    }),
  );

  app.addHook('onReady', async () => {
    const support = await videoPreviewSupport();
    if (!support.ok) {
      app.log.warn(
        `${support.reason}. Video deliveries will be marked failed until it is fixed (apt-get install -y ffmpeg fonts-dejavu-core).`,
      );
    }
  });

  /** A signed ticket in the URL (media elements, downloads) or the session. */
  async function mediaActor(request: FastifyRequest, purpose: TicketPurpose, id: string): Promise<Actor> {
    const ticket = (request.query as { t?: string }).t;
    if (ticket) {
      const user = await verifyTicket(app.db, ticket, purpose, id);
      if (user) return user;
    }
    if (request.user) return request.user;
    throw unauthorized(ticket ? DELIVERY_MESSAGES.linkExpired : undefined);
  }

  app.post(
    '/chat/:roomId/deliveries',
    {
      preValidation: requireRole('creator', 'editor'),
      schema: { params: deliveryRoomParamsSchema, response: { 201: deliveryReplySchema, ...errorReplies } },
      config: perUserLimit(20),
    },
    async (request, reply) => {
      const user = request.user!;
      await deliveries.assertCanSend(user, request.params.roomId);
      // Only the room's editor gets here; the order is checked before a byte of the file is stored.
      const received = await receiveDelivery(app.storage, request, async (fields) => {
        await deliveries.checkFields(user, request.params.roomId, fields);
      });
      const delivery = await deliveries.send(user, request.params.roomId, received);
      return reply.status(201).send({ data: delivery });
    },
  );

  app.get(
    '/chat/:roomId/deliveries',
    {
      preValidation: requireUser,
      schema: { params: deliveryRoomParamsSchema, querystring: deliveriesQuerySchema, response: page },
    },
    async (request) => deliveries.list(request.user!, request.params.roomId, request.query),
  );

  app.post(
    '/deliveries/:id/approve',
    {
      preValidation: requireRole('creator'),
      schema: { params: deliveryParamsSchema, response: oneDelivery },
      config: perUserLimit(30),
    },
    async (request) => ({ data: await deliveries.approve(request.user!, request.params.id) }),
  );

  app.post(
    '/deliveries/:id/request-changes',
    {
      preValidation: requireRole('creator'),
      schema: { params: deliveryParamsSchema, body: requestChangesInputSchema, response: oneDelivery },
      config: perUserLimit(30),
    },
    async (request) => {
      const { delivery, extra } = await deliveries.requestChanges(
        request.user!,
        request.params.id,
        request.body.note,
      );
      return extra ? { data: delivery, message: ORDER_MESSAGES.noRevisionsLeft } : { data: delivery };
    },
  );

  app.post(
    '/deliveries/:id/retry-preview',
    {
      preValidation: requireRole('editor'),
      schema: { params: deliveryParamsSchema, response: oneDelivery },
      config: perUserLimit(30),
    },
    async (request) => ({ data: await deliveries.retryPreview(request.user!, request.params.id) }),
  );

  for (const purpose of ['preview', 'poster'] as const) {
    app.get(
      `/deliveries/:id/${purpose}`,
      // The file itself is streamed (no schema applies to it); errors are `{ message }`.
      {
        compress: false,
        schema: { params: deliveryParamsSchema, querystring: ticketQuery, response: errorReplies },
      },
      async (request, reply) => {
        const actor = await mediaActor(request, purpose, request.params.id);
        const { delivery } = await deliveries.load(actor, request.params.id, 'read');
        const key = purpose === 'preview' ? delivery.previewKey : delivery.posterKey;
        if (delivery.previewStatus !== 'ready' || !key) {
          return reply.status(404).send({ message: DELIVERY_MESSAGES.previewNotReady });
        }
        return sendStoredObject(app.storage, request, reply, {
          area: 'private',
          key,
          cacheControl: 'private, max-age=3600',
        });
      },
    );
  }

  app.get(
    '/deliveries/:id/final',
    // `{ url, expiresAt }` when asked for JSON; otherwise a 302 to that link, or (with `t`) the file itself,
    // streamed: neither has a body the schema applies to.
    {
      compress: false,
      schema: {
        params: deliveryParamsSchema,
        querystring: ticketQuery,
        response: { 200: finalLinkSchema, ...errorReplies },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      if (request.query.t) {
        // The link itself: whoever holds it is still checked against the delivery's payment.
        const actor = await mediaActor(request, 'final', id);
        const delivery = await deliveries.authorizeFinal(actor, id);
        const ext = extensionForContentType(delivery.mimeType) ?? 'bin';
        return sendStoredObject(app.storage, request, reply, {
          area: 'private',
          key: delivery.originalKey,
          disposition: `attachment; filename="cutroom-delivery-${delivery.number}.${ext}"`,
          cacheControl: 'private, no-store',
        });
      }
      if (!request.user) throw unauthorized();
      await deliveries.authorizeFinal(request.user, id);
      const expires = new Date(Date.now() + FINAL_LINK_TTL_MS);
      const ticket = (await ticketSigner(app.db, request.user.sessionId))('final', id, expires);
      if (!ticket) throw unauthorized();
      const url = `/api/deliveries/${id}/final?t=${encodeURIComponent(ticket)}`;
      // The page asks for the link as JSON; a plain visit is sent straight on to it.
      if (request.headers.accept?.includes('application/json')) {
        return { url, expiresAt: expires.toISOString() };
      }
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    },
  );
};
