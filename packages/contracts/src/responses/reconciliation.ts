import { z } from 'zod';
import { RECONCILIATION_FINDING_KINDS } from '../reconciliation';

const findingSchema = z.object({
  id: z.string(),
  kind: z.enum(RECONCILIATION_FINDING_KINDS),
  kindLabel: z.string(),
  gatewayOrderId: z.string().nullable(),
  orderId: z.string().nullable(),
  orderReference: z.string().nullable(),
  amount: z.number().nullable(),
  found: z.string(),
  action: z.string(),
  createdAt: z.string(),
});

export const reconciliationRunSchema = z.object({
  id: z.string(),
  trigger: z.enum(['schedule', 'admin']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  checked: z.record(z.string(), z.number()),
  findings: z.number(),
  error: z.string().nullable(),
});

/** GET /api/admin/reconciliation: the findings, newest first, and the last run. */
export const reconciliationPageSchema = z.object({
  items: z.array(findingSchema),
  nextCursor: z.string().nullable(),
  lastRun: reconciliationRunSchema.nullable(),
});

/** POST /api/admin/reconciliation/run. */
export const reconciliationRanSchema = z.object({
  run: reconciliationRunSchema,
  message: z.string(),
});
