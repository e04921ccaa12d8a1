import {
  DISPUTE_DECISION_LABELS,
  DISPUTE_LOST_BY_EDITOR,
  DISPUTE_MESSAGES,
  formatPaise,
  type DisputeDecision,
} from '@cutroom/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { conflict } from '../../lib/http-error';
import { cancelOrder } from './cancellation';
import { DISPUTABLE_ORDER_STATUSES, unfreezeAfterDispute } from './dispute-freeze';
import type { OrderEffects } from './effects';
import { ORDER_JOBS, type RefundJobPayload } from './job-kinds';
import type { Actor, OrderKernel } from './kernel';
import { NO_CANCELLATION, NO_EXTENSION, NO_SETTLEMENT } from './pending-requests';
import { lockOrder, type OrderRow } from './records';
import { announceRelease, latestDelivery } from './review';
import { referenceOf } from './shape';

export interface DisputeDecisionInput {
  kind: DisputeDecision;
  /** Paise to refund, with a partial refund. */
  amountPaise?: number;
  note: string;
}

const OPEN_WORK = DISPUTABLE_ORDER_STATUSES.filter((s) => s !== 'completed');

/**
 * Carries out an admin's decision on a disputed order, in the caller's transaction (the one that records
 * the decision on the dispute), through the order's own transitions: a full refund cancels it and refunds
 * what remains; a partial refund completes it (cancels it, when nothing was ever delivered) and refunds
 * the amount; a release completes it; a cancellation without refund cancels it. Refunds go through the
 * durable refund job. Returns the order and the paise refunded.
 */
export async function carryOutDisputeDecision(
  k: OrderKernel,
  tx: Db,
  fx: OrderEffects,
  admin: Actor,
  orderId: string,
  disputeId: string,
  decision: DisputeDecisionInput,
): Promise<{ order: OrderRow; refundPaise: number }> {
  const order = await lockOrder(tx, orderId);
  if (order.disputeId !== disputeId) throw conflict(DISPUTE_MESSAGES.notOpen);
  const remaining = order.paymentId ? await k.remainingPaise(tx, order.paymentId) : 0;
  const note = `Dispute decided by Cutroom support: ${decision.note}`;
  let refundPaise = 0;

  if (decision.kind === 'full_refund') {
    await cancelOrder(k, tx, fx, order, {
      by: 'admin',
      actorId: admin.id,
      note,
      refund: 'full',
      from: DISPUTABLE_ORDER_STATUSES,
    });
    refundPaise = remaining;
  } else if (decision.kind === 'cancel_no_refund') {
    // The work was accepted and the file released: cancelling it and keeping the money is a release.
    if (order.status === 'completed') throw conflict(DISPUTE_MESSAGES.completedNotCancelled);
    await cancelOrder(k, tx, fx, order, { by: 'admin', actorId: admin.id, note, refund: 0, from: OPEN_WORK });
  } else {
    const amount = decision.kind === 'partial_refund' ? (decision.amountPaise ?? 0) : 0;
    if (amount > remaining) throw conflict(DISPUTE_MESSAGES.refundTooLarge(formatPaise(remaining)));
    const delivered = await latestDelivery(tx, order.id);
    if (order.status !== 'completed' && !delivered && amount > 0) {
      // Nothing was ever delivered: the order ends cancelled, with the part refunded.
      await cancelOrder(k, tx, fx, order, {
        by: 'admin',
        actorId: admin.id,
        note,
        refund: amount,
        from: OPEN_WORK,
      });
    } else if (order.status !== 'completed') {
      await completeByDecision(k, tx, fx, admin, order, delivered?.id ?? null, decision.kind);
    }
    if (amount > 0) {
      const payload: RefundJobPayload = {
        orderId: order.id,
        paymentId: order.paymentId!,
        note: `Dispute decision on order ${referenceOf(order)}`,
        keepPaise: remaining - amount,
      };
      await k.schedule(tx, fx, ORDER_JOBS.refund, payload, new Date());
    }
    refundPaise = amount;
  }

  // A decision is final: a completed order is not disputed again, so its dispute window closes now.
  if (order.status === 'completed') {
    await tx.update(orders).set({ disputableUntil: new Date() }).where(eq(orders.id, order.id));
  }
  const row = await unfreezeAfterDispute(
    k,
    tx,
    fx,
    order.id,
    disputeId,
    'decided',
    {
      type: 'dispute_decided',
      actor: 'admin',
      actorId: admin.id,
      data: { decision: decision.kind, refundPaise },
    },
    DISPUTE_LOST_BY_EDITOR.includes(decision.kind),
  );
  if (!row) throw conflict(DISPUTE_MESSAGES.notOpen);
  fx.line(
    row,
    `dispute-decided:${disputeId}`,
    `Cutroom support decided the dispute on order ${referenceOf(row)}: ${DISPUTE_DECISION_LABELS[decision.kind]}${refundPaise > 0 ? ` (${formatPaise(refundPaise)})` : ''}. "${decision.note}"`,
  );
  return { order: row, refundPaise };
}

/** Completes the order at an admin's decision; its newest delivery, if any, is the final one. */
async function completeByDecision(
  k: OrderKernel,
  tx: Db,
  fx: OrderEffects,
  admin: Actor,
  order: OrderRow,
  deliveryId: string | null,
  kind: DisputeDecision,
): Promise<void> {
  const row = await k.transition(
    tx,
    fx,
    order.id,
    OPEN_WORK,
    {
      status: 'completed',
      completedAt: new Date(),
      // Completed by a decision, which is final: no dispute window opens.
      disputableUntil: new Date(),
      autoCompleteAt: null,
      extraRevisionNote: null,
      extraRevisionRequestedAt: null,
      ...NO_SETTLEMENT,
      ...NO_EXTENSION,
      ...NO_CANCELLATION,
    },
    { type: 'completed_by_decision', actor: 'admin', actorId: admin.id, data: { decision: kind } },
  );
  if (!row) throw conflict(DISPUTE_MESSAGES.notOpen);
  if (deliveryId) await k.reviewDecided(tx, fx, { order: row, deliveryId, outcome: 'settled', note: null });
  fx.notice({ kind: 'order_completed', order: row, how: 'decided' });
  await announceRelease(k, tx, fx, row);
}
