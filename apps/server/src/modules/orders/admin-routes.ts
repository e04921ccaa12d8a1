import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminCancelInputSchema,
  adminOrderListQuerySchema,
  adminOrderPageSchema,
  errorReplies,
  formatPaise,
  orderActionReplySchema,
  orderDetailReplySchema,
  orderParamsSchema,
  rupeesFromPaise,
} from '@cutroom/contracts';
import { HttpError } from '../../lib/http-error';
import { requireRole } from '../../plugins/current-user';
import { createRefund } from '../payments';
import { cancelByAdmin } from './cancellation';
import { orderKernel } from './context';
import { listAllOrders, orderDetail } from './listing';
import { payments } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { recordEvent } from './transitions';
import { referenceOf } from './shape';

/** Admin's All Orders: every order with filters, one order's timeline, and cancellation with a refund. */
export const adminOrderRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const k = orderKernel(app);
  const adminOnly = requireRole('admin');

  app.get(
    '/admin/orders',
    {
      onRequest: adminOnly,
      schema: {
        querystring: adminOrderListQuerySchema,
        response: { 200: adminOrderPageSchema, ...errorReplies },
      },
    },
    async (request) => listAllOrders(app.db, request.user!, request.query),
  );

  app.get(
    '/admin/orders/:id',
    {
      onRequest: adminOnly,
      schema: { params: orderParamsSchema, response: { 200: orderDetailReplySchema, ...errorReplies } },
    },
    async (request) => orderDetail(app.db, request.user!, request.params.id),
  );

  app.post(
    '/admin/orders/:id/cancel',
    {
      onRequest: adminOnly,
      schema: {
        params: orderParamsSchema,
        body: adminCancelInputSchema,
        response: { 200: orderActionReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const admin = request.user!;
      const { row, refundPaise } = await cancelByAdmin(k, admin, request.params.id, request.body);
      if (refundPaise > 0 && row.paymentId) {
        const [payment] = await app.db.select().from(payments).where(eq(payments.id, row.paymentId));
        try {
          await createRefund(k.deps.payments(), admin, payment!.orderId, {
            // `full`: all that remains when the refund is made. A refund reserved since the cancel (a
            // settlement's, its job running at that moment) is then neither refunded twice nor a reason
            // to refuse the rest.
            refundAmount: request.body.full ? null : rupeesFromPaise(refundPaise),
            refundNote: `Cancellation of order ${referenceOf(row)}`,
          });
        } catch (err) {
          const why = err instanceof HttpError ? err.message : 'the gateway did not answer';
          await recordEvent(app.db, row.id, {
            type: 'refund_failed',
            actor: 'admin',
            actorId: admin.id,
            data: { error: why },
          });
          throw new HttpError(
            502,
            `Order ${referenceOf(row)} was cancelled, but the refund of ${formatPaise(refundPaise)} failed: ${why}. Retry it from All Payments.`,
          );
        }
      }
      return { data: await k.shape(admin, row.id) };
    },
  );
};
