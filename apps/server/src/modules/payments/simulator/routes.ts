import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { simulatorFor } from '../gateway';
import { GatewayError } from '../gateway/types';
import { checkoutPage, messagePage, paidPage } from './page';

const params = z.object({ paymentSessionId: z.string().min(1).max(200) });
/** `webhook=lost`: the payment's webhook is never delivered (browser journeys of reconciliation). */
const completion = z.object({
  outcome: z.enum(['SUCCESS', 'FAILED', 'USER_DROPPED']),
  webhook: z.literal('lost').optional(),
});

/**
 * The simulator's checkout pages, at the root outside /api (the payments module's plugin registers them
 * there), served only when PAYMENT_PROVIDER=simulator. Routes sit in a child context so the form parser
 * stays theirs.
 */
export const paymentSimulatorPlugin = fp(async (root: FastifyInstance) => {
  if (root.config.PAYMENT_PROVIDER !== 'simulator') return;

  await root.register(async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    const html = (reply: import('fastify').FastifyReply, status: number, page: string) =>
      reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);

    app.get('/simulator/checkout/:paymentSessionId', async (request, reply) => {
      const p = params.safeParse(request.params);
      const order = p.success ? simulatorFor(app)?.checkoutSession(p.data.paymentSessionId) : null;
      if (!order) {
        return html(reply, 404, messagePage('Checkout not found', 'This checkout session does not exist.'));
      }
      if (order.status === 'EXPIRED') {
        return html(reply, 410, messagePage('Checkout expired', 'This checkout session has expired.'));
      }
      if (order.status === 'TERMINATED') {
        return html(reply, 410, messagePage('Checkout closed', 'This checkout session was closed.'));
      }
      return html(reply, 200, order.status === 'PAID' ? paidPage(order) : checkoutPage(order));
    });

    app.post('/simulator/checkout/:paymentSessionId/complete', async (request, reply) => {
      const p = params.safeParse(request.params);
      const body = completion.safeParse(request.body);
      const simulator = simulatorFor(app);
      if (!p.success || !body.success || !simulator) {
        return html(reply, 400, messagePage('Invalid request', 'Choose Success, Failure or Cancel.'));
      }
      try {
        const returnUrl = await simulator.completeCheckout(
          p.data.paymentSessionId,
          body.data.outcome,
          body.data.webhook === 'lost' ? { webhook: false } : {},
        );
        return reply.redirect(returnUrl, 303);
      } catch (err) {
        if (err instanceof GatewayError) {
          return html(reply, err.statusCode, messagePage('Checkout unavailable', err.message));
        }
        throw err;
      }
    });
  });
});
