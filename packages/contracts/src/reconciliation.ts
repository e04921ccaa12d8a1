import { z } from 'zod';

/**
 * What reconciliation can find when our records and the gateway's disagree (modules/payments'
 * reconciliation). Each finding says what was found and what was done.
 */
export const RECONCILIATION_FINDING_KINDS = [
  /** Paid at the gateway; the webhook never reached us. The order was marked paid. */
  'payment_confirmed',
  /** A second successful payment on one gateway order. It was refunded. */
  'duplicate_payment',
  /** A refund the gateway had no record of (its create call was lost). Sent again with the same id. */
  'refund_resent',
  /** A refund still pending with us had succeeded or been cancelled at the gateway. */
  'refund_confirmed',
  /** A refund we had given up on succeeded at the gateway after all. */
  'refund_revived',
  /** A refund made outside Cutroom (the gateway's dashboard, an automatic refund). Recorded. */
  'refund_external',
  /** A settlement the gateway reported paid failed afterwards. The payout was reversed in our books. */
  'settlement_failed_after_success',
  /** A payout step gave up after its last attempt. It is marked failed for an admin to retry. */
  'payout_step_failed',
  /** A paid order's share was never sent to be split (paid before split-at-payment, or its job lost). */
  'split_requeued',
  /** The gateway holds no split, or another amount, where our books say it holds the editor's share. */
  'split_mismatch',
  /** The gateway settled a share under a settlement whose webhook never reached us. */
  'settlement_unknown',
  /** The gateway closed a dispute (chargeback) against us and took the money back. Booked like a refund. */
  'gateway_dispute_lost',
] as const;
export type ReconciliationFindingKind = (typeof RECONCILIATION_FINDING_KINDS)[number];

export const RECONCILIATION_FINDING_LABELS: Record<ReconciliationFindingKind, string> = {
  payment_confirmed: 'Payment found at the gateway',
  duplicate_payment: 'Duplicate payment',
  refund_resent: 'Refund sent again',
  refund_confirmed: 'Refund settled at the gateway',
  refund_revived: 'Cancelled refund succeeded',
  refund_external: 'Refund made outside Cutroom',
  settlement_failed_after_success: 'Settlement failed after success',
  payout_step_failed: 'Payout step failed',
  split_requeued: 'Split sent again',
  split_mismatch: 'Split differs at the gateway',
  settlement_unknown: 'Settlement we never heard of',
  gateway_dispute_lost: 'Gateway dispute lost',
};

/** `GET /api/admin/reconciliation` query. */
export const reconciliationQuerySchema = z.object({
  kind: z.enum(RECONCILIATION_FINDING_KINDS).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type ReconciliationQuery = z.infer<typeof reconciliationQuerySchema>;

export interface ReconciliationFinding {
  id: string;
  kind: ReconciliationFindingKind;
  kindLabel: string;
  /** The gateway's order id, when the finding is about one. */
  gatewayOrderId: string | null;
  /** Our order (its id and CR-reference), when the payment belongs to one. */
  orderId: string | null;
  orderReference: string | null;
  /** Rupees, when money is involved. */
  amount: number | null;
  found: string;
  action: string;
  createdAt: string;
}

export interface ReconciliationRun {
  id: string;
  trigger: 'schedule' | 'admin';
  startedAt: string;
  finishedAt: string | null;
  /** How many of each were checked with the gateway. */
  checked: Record<string, number>;
  /** Findings this run recorded. */
  findings: number;
  error: string | null;
}

export const RECONCILIATION_MESSAGES = {
  ran: 'Reconciliation ran.',
  alreadyRunning: 'Reconciliation is already running. Try again in a minute.',
} as const;
