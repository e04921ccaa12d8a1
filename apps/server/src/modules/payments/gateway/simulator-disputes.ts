import { randomInt } from 'node:crypto';
import { rupeesFromPaise } from '@cutroom/contracts';
import { cashfreeTime } from './cashfree';
import type { SimOrder } from './simulator-records';
import { GatewayError } from './types';

/** Cashfree's dispute types (a CHARGEBACK comes through the card network, a DISPUTE from the customer). */
export type SimDisputeType = 'DISPUTE' | 'CHARGEBACK' | 'RETRIEVAL' | 'PRE_ARBITRATION' | 'ARBITRATION';
/** The phase after the type in Cashfree's dispute_status (CHARGEBACK_MERCHANT_LOST…). */
export type SimDisputePhase =
  | 'CREATED'
  | 'DOCS_RECEIVED'
  | 'UNDER_REVIEW'
  | 'INSUFFICIENT_EVIDENCE'
  | 'MERCHANT_WON'
  | 'MERCHANT_LOST'
  | 'MERCHANT_ACCEPTED';

export interface RaiseDispute {
  type?: SimDisputeType;
  /** Defaults to the whole order (Cashfree allows partial disputes). */
  amountPaise?: number;
  reasonCode?: string;
  reasonDescription?: string;
  /** false: the webhook is lost. */
  webhook?: boolean;
}

export interface SimDispute {
  disputeId: string;
  order: SimOrder;
  type: SimDisputeType;
  phase: SimDisputePhase;
  amountPaise: number;
  reasonCode: string;
  reasonDescription: string;
  createdAt: Date;
  updatedAt: Date;
  /** Every body sent for it, oldest first, so tests can replay them in any order. */
  sent: unknown[];
}

type Send = (payload: unknown, amountKeys: string[]) => Promise<void>;

export const DISPUTE_AMOUNTS = ['dispute_amount', 'order_amount', 'payment_amount'];
const CLOSED: readonly SimDisputePhase[] = ['MERCHANT_WON', 'MERCHANT_LOST', 'MERCHANT_ACCEPTED'];
const RESPOND_WITHIN_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The simulator's disputes: a customer's bank raises one on a paid order, it moves through Cashfree's
 * phases (and stages: a won chargeback may come back as a pre-arbitration), and each move is sent as a
 * signed DISPUTE_CREATED / _UPDATED / _CLOSED webhook in Cashfree's format.
 */
export class SimulatorDisputes {
  private readonly disputes = new Map<string, SimDispute>();

  constructor(
    private readonly send: Send,
    private readonly orderOf: (orderId: string) => SimOrder | undefined,
  ) {}

  /** A customer's bank disputes a paid gateway order (a chargeback by default); DISPUTE_CREATED follows. */
  async raise(orderId: string, opts: RaiseDispute = {}): Promise<SimDispute> {
    const order = this.orderOf(orderId);
    if (order?.status !== 'PAID') throw new GatewayError(404, 'no paid order to dispute', true);
    const now = new Date();
    const dispute: SimDispute = {
      disputeId: String(randomInt(100_000_000, 999_999_999)),
      order,
      type: opts.type ?? 'CHARGEBACK',
      phase: 'CREATED',
      amountPaise: opts.amountPaise ?? order.amountPaise,
      reasonCode: opts.reasonCode ?? '13.1',
      reasonDescription: opts.reasonDescription ?? 'Merchandise / Services Not Received',
      createdAt: now,
      updatedAt: now,
      sent: [],
    };
    this.disputes.set(dispute.disputeId, dispute);
    if (opts.webhook !== false) await this.notify(dispute, 'DISPUTE_CREATED');
    return dispute;
  }

  /** Moves a dispute to a phase (and optionally a later stage) and says so by webhook. */
  async move(disputeId: string, phase: SimDisputePhase, type?: SimDisputeType): Promise<SimDispute> {
    const dispute = this.disputes.get(disputeId);
    if (!dispute) throw new Error(`no simulated dispute ${disputeId}`);
    dispute.phase = phase;
    if (type) dispute.type = type;
    // Cashfree's times are to the second: keep each move later than the one before.
    dispute.updatedAt = new Date(Math.max(Date.now(), dispute.updatedAt.getTime() + 1000));
    await this.notify(dispute, CLOSED.includes(phase) ? 'DISPUTE_CLOSED' : 'DISPUTE_UPDATED');
    return dispute;
  }

  /** It closes: won, lost, or accepted by the merchant (the customer refunded from our balance). */
  close(disputeId: string, outcome: 'won' | 'lost' | 'accepted'): Promise<SimDispute> {
    const phase = { won: 'MERCHANT_WON', lost: 'MERCHANT_LOST', accepted: 'MERCHANT_ACCEPTED' } as const;
    return this.move(disputeId, phase[outcome]);
  }

  get(disputeId: string): SimDispute | null {
    return this.disputes.get(disputeId) ?? null;
  }

  private async notify(dispute: SimDispute, type: string): Promise<void> {
    const payload = disputeWebhookPayload(dispute, type);
    dispute.sent.push(payload);
    await this.send(payload, DISPUTE_AMOUNTS);
  }
}

/** The body Cashfree sends for a dispute (webhook version 2025-01-01). */
export function disputeWebhookPayload(d: SimDispute, type: string) {
  const paid = d.order.payments.find((p) => p.status === 'SUCCESS');
  return {
    data: {
      dispute: {
        dispute_id: d.disputeId,
        dispute_type: d.type,
        reason_code: d.reasonCode,
        reason_description: d.reasonDescription,
        dispute_amount: rupeesFromPaise(d.amountPaise),
        created_at: cashfreeTime(d.createdAt),
        updated_at: cashfreeTime(d.updatedAt),
        respond_by: cashfreeTime(new Date(d.createdAt.getTime() + RESPOND_WITHIN_MS)),
        dispute_status: `${d.type}_${d.phase}`,
        cf_dispute_remarks: CLOSED.includes(d.phase)
          ? 'Dispute is closed'
          : 'Dispute is created, please take action',
        dispute_action_on: CLOSED.includes(d.phase) ? 'NA' : 'MERCHANT',
      },
      order_details: {
        order_id: d.order.orderId,
        order_amount: rupeesFromPaise(d.order.amountPaise),
        order_currency: 'INR',
        cf_payment_id: Number(paid?.cfPaymentId ?? 0),
        payment_amount: rupeesFromPaise(paid?.amountPaise ?? d.order.amountPaise),
        payment_currency: 'INR',
      },
      customer_details: {
        customer_name: null,
        customer_phone: d.order.customerPhone,
        customer_email: null,
      },
    },
    event_time: cashfreeTime(new Date()),
    type,
  };
}
