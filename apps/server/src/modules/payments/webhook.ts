import type { FastifyPluginAsync } from 'fastify';
import { errorReplies, messageReplySchema } from '@cutroom/contracts';
import { unauthorized, badRequest } from '../../lib/http-error';
import { paymentsContext } from './context';
import { applyGatewayEvent } from './events';
import { checkWebhookSignature, parseWebhook } from './webhook-format';

const WEBHOOK_BODY_LIMIT = 256 * 1024;
/** `{ message: "Event processed" | "Event duplicate" | "Event ignored" }`, errors `{ message }`. */
const acknowledged = { 200: messageReplySchema, ...errorReplies };

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * POST /api/payment/webhook: the gateway's events. Its own plugin context, so the raw-bytes body
 * parser the signature needs does not change how any other route reads JSON.
 */
export const webhookRoutes: FastifyPluginAsync = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) =>
    done(null, body),
  );

  app.post('/payment/webhook', { schema: { response: acknowledged } }, async (request, reply) => {
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const check = checkWebhookSignature({
      secret: app.config.webhookSecret,
      rawBody,
      timestamp: header(request.headers['x-webhook-timestamp']),
      signature: header(request.headers['x-webhook-signature']),
    });
    if (check === 'stale') throw unauthorized('Webhook timestamp is too old or too far ahead');
    if (check !== 'ok') throw unauthorized('Invalid webhook signature');

    const parsed = parseWebhook(rawBody);
    if (!parsed.ok) {
      if (parsed.reason === 'malformed') throw badRequest('Malformed webhook payload');
      // Signed, but an event we do not act on: acknowledge so the gateway stops retrying.
      return reply.send({ message: 'Event ignored' });
    }
    const result = await applyGatewayEvent(paymentsContext(app), parsed.event);
    request.log.info({ kind: parsed.event.kind, orderId: parsed.event.orderId, result }, 'gateway webhook');
    return reply.send({ message: result === 'applied' ? 'Event processed' : `Event ${result}` });
  });
};
