import { z } from 'zod';

const gatewayDisputeSchema = z.object({
  id: z.string(),
  cfDisputeId: z.string(),
  type: z.string(),
  status: z.string(),
  outcome: z.enum(['open', 'won', 'lost']),
  amount: z.number(),
  reasonCode: z.string().nullable(),
  reason: z.string().nullable(),
  remarks: z.string().nullable(),
  respondBy: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});

/** GET /api/admin/orders/:id/gateway-disputes: the order's gateway disputes, newest first. */
export const gatewayDisputeListSchema = z.object({ items: z.array(gatewayDisputeSchema) });
