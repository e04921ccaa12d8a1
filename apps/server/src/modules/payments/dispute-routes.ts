import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorReplies,
  gatewayDisputeListSchema,
  orderParamsSchema,
  rupeesFromPaise,
  type GatewayDisputeList,
} from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { gatewayDisputes } from '../../db/schema';
import { requireRole } from '../../plugins/current-user';

/** The gateway's disputes of an order, for the admin's order page. Mounted under /api. */
export const gatewayDisputeRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/admin/orders/:id/gateway-disputes',
    {
      onRequest: requireRole('admin'),
      schema: {
        params: orderParamsSchema,
        response: { 200: gatewayDisputeListSchema, ...errorReplies },
      },
    },
    async (request) => gatewayDisputesOf(app.db, request.params.id),
  );
};

/** An order's gateway disputes, newest first (an order unknown or never disputed has none). */
export async function gatewayDisputesOf(db: Db, orderId: string): Promise<GatewayDisputeList> {
  const rows = await db
    .select()
    .from(gatewayDisputes)
    .where(eq(gatewayDisputes.cutroomOrderId, orderId))
    .orderBy(desc(gatewayDisputes.createdAt), desc(gatewayDisputes.id));
  return {
    items: rows.map((d) => ({
      id: d.id,
      cfDisputeId: d.cfDisputeId,
      type: d.disputeType,
      status: d.status,
      outcome: d.outcome,
      amount: rupeesFromPaise(d.amountPaise),
      reasonCode: d.reasonCode,
      reason: d.reasonDescription,
      remarks: d.remarks,
      respondBy: d.respondBy?.toISOString() ?? null,
      createdAt: d.createdAt.toISOString(),
      resolvedAt: d.resolvedAt?.toISOString() ?? null,
    })),
  };
}
