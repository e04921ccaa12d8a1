import { z } from 'zod';
import { paiseFromRupees } from '@cutroom/contracts';

/**
 * Cashfree's dispute webhooks (DISPUTE_CREATED, DISPUTE_UPDATED, DISPUTE_CLOSED; version 2025-01-01):
 * `data.dispute` (dispute_id, dispute_type, reason_code, dispute_amount, respond_by, dispute_status…) and
 * `data.order_details` (order_id, cf_payment_id). The webhook's type only says which notice it is; the
 * dispute's status says where it stands, so that alone decides.
 */
export const DISPUTE_WEBHOOK_TYPES = ['DISPUTE_CREATED', 'DISPUTE_UPDATED', 'DISPUTE_CLOSED'] as const;

/** The stages of a case, in the order the card networks escalate them (a won chargeback can go on). */
const STAGES = ['DISPUTE', 'RETRIEVAL', 'CHARGEBACK', 'PRE_ARBITRATION', 'ARBITRATION'] as const;
const STAGE_LEVEL: Record<(typeof STAGES)[number], number> = {
  DISPUTE: 0,
  RETRIEVAL: 0,
  CHARGEBACK: 0,
  PRE_ARBITRATION: 1,
  ARBITRATION: 2,
};
const OPEN_PHASES = ['CREATED', 'DOCS_RECEIVED', 'UNDER_REVIEW', 'INSUFFICIENT_EVIDENCE'];
/** ACCEPTED: the merchant accepted it, and the gateway refunded the customer from our balance. */
const CLOSED_PHASES = { MERCHANT_WON: 'won', MERCHANT_LOST: 'lost', MERCHANT_ACCEPTED: 'lost' } as const;

export interface DisputeStanding {
  outcome: 'open' | 'won' | 'lost';
  /**
   * Orders statuses so they only move forward: the stage first (a pre-arbitration after a won chargeback
   * reopens the case), then open before closed. Equal ranks are ordered by the gateway's updated_at.
   */
  rank: number;
}

/** Where a status such as CHARGEBACK_MERCHANT_LOST leaves the case; null for a status we do not know. */
export function disputeStanding(status: string): DisputeStanding | null {
  const stage = [...STAGES].sort((a, b) => b.length - a.length).find((s) => status.startsWith(`${s}_`));
  if (!stage) return null;
  const phase = status.slice(stage.length + 1);
  const level = STAGE_LEVEL[stage] * 10;
  if (OPEN_PHASES.includes(phase)) return { outcome: 'open', rank: level + 1 };
  const closed = CLOSED_PHASES[phase as keyof typeof CLOSED_PHASES];
  return closed ? { outcome: closed, rank: level + 2 } : null;
}

export interface GatewayDisputeNotice {
  cfDisputeId: string;
  orderId: string;
  cfPaymentId: string | null;
  disputeType: string;
  status: string;
  outcome: DisputeStanding['outcome'];
  rank: number;
  amountPaise: number;
  reasonCode: string | null;
  reasonDescription: string | null;
  remarks: string | null;
  respondBy: string | null;
  updatedAt: string | null;
}

const id = z.union([z.string().min(1), z.number()]).transform(String);
const text = z
  .string()
  .nullish()
  .transform((v) => (v ? v : null));

const disputeWebhook = z.object({
  data: z.object({
    dispute: z.object({
      dispute_id: id,
      dispute_type: z.string().min(1),
      reason_code: z
        .union([z.string(), z.number()])
        .nullish()
        .transform((v) => (v == null ? null : String(v))),
      reason_description: text,
      dispute_amount: z
        .number()
        .nonnegative()
        .transform((v) => paiseFromRupees(v)),
      respond_by: text,
      updated_at: text,
      dispute_status: z.string().min(1),
      cf_dispute_remarks: text,
    }),
    order_details: z.object({ order_id: z.string().min(1), cf_payment_id: id.nullish() }),
  }),
});

export type ParsedDispute =
  { ok: true; notice: GatewayDisputeNotice } | { ok: false; reason: 'unsupported' | 'malformed' };

/** Reads a verified DISPUTE_* body; a status we do not know is 'unsupported' (acknowledged, not applied). */
export function parseDisputeWebhook(json: unknown): ParsedDispute {
  const p = disputeWebhook.safeParse(json);
  if (!p.success) return { ok: false, reason: 'malformed' };
  const { dispute, order_details: order } = p.data.data;
  const standing = disputeStanding(dispute.dispute_status);
  if (!standing) return { ok: false, reason: 'unsupported' };
  return {
    ok: true,
    notice: {
      cfDisputeId: dispute.dispute_id,
      orderId: order.order_id,
      cfPaymentId: order.cf_payment_id ?? null,
      disputeType: dispute.dispute_type,
      status: dispute.dispute_status,
      ...standing,
      amountPaise: dispute.dispute_amount,
      reasonCode: dispute.reason_code,
      reasonDescription: dispute.reason_description,
      remarks: dispute.cf_dispute_remarks,
      respondBy: dispute.respond_by,
      updatedAt: dispute.updated_at,
    },
  };
}
