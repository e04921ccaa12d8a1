import type { FastifyPluginAsync } from 'fastify';
import { errorReplies, messageReplySchema } from '@cutroom/contracts';
import { unauthorized, badRequest } from '../../lib/http-error';
import { paymentsContext } from './context';
import { applyGatewayEvent } from './events';
import type { PaymentsContext } from './context';
import { checkWebhookSignature, parseWebhook, type GatewayEvent } from './webhook-format';

const WEBHOOK_BODY_LIMIT = 256 * 1024;
/**
 * `{ message: "Event processed" | "Event duplicate" | "Event ignored" | "Event deferred" }`, errors
 * `{ message }`.
 */
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
    const ctx = paymentsContext(app);
    const event = await confirmedEvent(ctx, parsed.event);
    if (event === 'unknown') return reply.send({ message: 'Event ignored' });
    if (!event) {
      request.log.info({ orderId: parsed.event.orderId }, 'payment success left to reconciliation');
      return reply.send({ message: 'Event deferred' });
    }
    const result = await applyGatewayEvent(ctx, event);
    request.log.info({ kind: event.kind, orderId: event.orderId, result }, 'gateway webhook');
    return reply.send({ message: result === 'applied' ? 'Event processed' : `Event ${result}` });
  });
};

/**
 * A payment counts when its attempt is SUCCESS and its order is PAID. A SUCCESS webhook is confirmed with
 * one read of the gateway order before it is applied: an order not PAID there (terminated, expired, or
 * not yet) pays nothing, and a gateway that cannot be asked leaves the payment as it is. Either way null:
 * the payment stays open and reconciliation settles it from the gateway's own answer. 'unknown' when the
 * gateway has no such order or holds it at another amount (ignored). Other events are applied as they
 * come.
 */
async function confirmedEvent(
  ctx: PaymentsContext,
  event: GatewayEvent,
): Promise<GatewayEvent | 'unknown' | null> {
  if (event.kind !== 'payment' || event.outcome !== 'SUCCESS') return event;
  try {
    const order = await ctx.gateway.getOrder(event.orderId);
    // The gateway has no such order, or holds it at another amount: not a payment of ours to settle.
    if (!order || order.amountPaise !== event.orderAmountPaise) return 'unknown';
    if (order.status !== 'PAID') {
      ctx.log.warn({ orderId: event.orderId, status: order.status }, 'payment success on an order not PAID');
      return null;
    }
    return event;
  } catch (err) {
    ctx.log.warn({ err, orderId: event.orderId }, 'could not confirm a payment success with the gateway');
    return null;
  }
}
