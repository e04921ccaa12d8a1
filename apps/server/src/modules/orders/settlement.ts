import { eq, isNotNull, isNull } from 'drizzle-orm';
import { ORDER_MESSAGES, SETTLEABLE_ORDER_STATUSES, formatPaise, paiseFromRupees } from '@cutroom/contracts';
import { orders } from '../../db/schema';
import { conflict } from '../../lib/http-error';
import { screenTexts } from '../../lib/contact-screen';
import { settleOpenDispute } from './dispute-freeze';
import { ORDER_JOBS, type RefundJobPayload } from './job-kinds';
import type { Actor, OrderKernel } from './kernel';
import { NO_CANCELLATION, NO_EXTENSION, NO_SETTLEMENT } from './pending-requests';
import { announceRelease, latestDelivery } from './review';
import { formatLineTime, referenceOf } from './shape';

/**
 * Partial settlement: either side proposes completing a paid, delivered order for less than was paid
 * ("complete at ₹4,000 of ₹6,999"). Accepted, the order completes, its newest delivery is approved and
 * released, and the difference goes back to the creator through the refund job, which the ledger splits
 * between the editor's share and the commission like any refund: both follow the paid remainder.
 */

const sideOf = (actor: Actor, order: { creatorId: string }) =>
  actor.id === order.creatorId ? ('creator' as const) : ('editor' as const);
const otherSide = (side: 'creator' | 'editor') => (side === 'creator' ? 'editor' : 'creator');

/** One side proposes `amount` rupees; the other has ORDER_CANCELLATION_RESPONSE_HOURS to answer. */
export async function proposeSettlement(
  k: OrderKernel,
  actor: Actor,
  orderId: string,
  input: { amount: number; reason: string },
) {
  const suspicion = screenTexts({ source: 'settlement_reason', orderId }, input.reason);
  return k.act(actor, orderId, 'propose_settlement', async (tx, fx, order) => {
    const remaining = await k.remainingPaise(tx, order.paymentId!);
    const amountPaise = paiseFromRupees(input.amount);
    if (amountPaise >= remaining) throw conflict(ORDER_MESSAGES.settlementTooLarge(formatPaise(remaining)));
    await k.flag(tx, fx, suspicion, { source: 'settlement_reason', authorId: actor.id, order });
    const side = sideOf(actor, order);
    const now = new Date();
    const respondBy = new Date(now.getTime() + k.hours(k.deps.config.ORDER_CANCELLATION_RESPONSE_HOURS));
    const row = await k.transition(
      tx,
      fx,
      order.id,
      SETTLEABLE_ORDER_STATUSES,
      {
        settlementProposedBy: side,
        settlementAmountPaise: amountPaise,
        settlementReason: input.reason || null,
        settlementProposedAt: now,
        settlementRespondBy: respondBy,
      },
      {
        type: 'settlement_proposed',
        actor: side,
        actorId: actor.id,
        note: input.reason || null,
        data: { amountPaise, paidPaise: remaining },
      },
      isNull(orders.settlementProposedAt),
    );
    if (!row) throw conflict(ORDER_MESSAGES.settlementPending);
    await k.schedule(
      tx,
      fx,
      ORDER_JOBS.settlementLapse,
      { orderId: row.id, proposedAt: now.toISOString() },
      respondBy,
    );
    fx.notice({
      kind: 'settlement_proposed',
      order: row,
      by: side,
      amountPaise,
      paidPaise: remaining,
      reason: input.reason || null,
      proposedAt: now,
      respondBy,
    });
    fx.line(
      row,
      `settlement:${now.getTime()}`,
      `The ${side} proposed completing order ${referenceOf(row)} at ${formatPaise(amountPaise)} of the ${formatPaise(remaining)} paid${input.reason ? `: "${input.reason}"` : ''}. Accepted, ${formatPaise(remaining - amountPaise)} goes back to the creator and the final file is released. If the ${otherSide(side)} does not answer by ${formatLineTime(respondBy)}, nothing changes.`,
    );
    return row;
  });
}

/**
 * The other side accepts: the order completes at the agreed amount, its newest delivery is approved and
 * released, and the rest of the payment is refunded by a durable job (the refund of a payment that
 * changed meanwhile is refused here rather than made larger or smaller than agreed).
 */
export async function acceptSettlement(k: OrderKernel, actor: Actor, orderId: string) {
  return k.act(actor, orderId, 'accept_settlement', async (tx, fx, order) => {
    const keepPaise = order.settlementAmountPaise!;
    const remaining = await k.remainingPaise(tx, order.paymentId!);
    if (keepPaise >= remaining) throw conflict(ORDER_MESSAGES.settlementTooLarge(formatPaise(remaining)));
    const side = sideOf(actor, order);
    const row = await k.transition(
      tx,
      fx,
      order.id,
      SETTLEABLE_ORDER_STATUSES,
      {
        status: 'completed',
        completedAt: new Date(),
        autoCompleteAt: null,
        extraRevisionNote: null,
        extraRevisionRequestedAt: null,
        ...NO_SETTLEMENT,
        ...NO_EXTENSION,
        ...NO_CANCELLATION,
      },
      {
        type: 'settled',
        actor: side,
        actorId: actor.id,
        data: {
          amountPaise: keepPaise,
          refundPaise: remaining - keepPaise,
          proposedBy: order.settlementProposedBy,
        },
      },
      isNotNull(orders.settlementProposedAt),
    );
    if (!row) throw conflict(ORDER_MESSAGES.noSettlement);
    await settleOpenDispute(k, tx, fx, order, side, actor.id);
    const refund: RefundJobPayload = {
      orderId: row.id,
      paymentId: row.paymentId!,
      note: `Settlement of order ${referenceOf(row)}`,
      keepPaise,
    };
    await k.schedule(tx, fx, ORDER_JOBS.refund, refund, new Date());
    const d = await latestDelivery(tx, row.id);
    if (d) await k.reviewDecided(tx, fx, { order: row, deliveryId: d.id, outcome: 'settled', note: null });
    fx.line(
      row,
      'settled',
      `Order ${referenceOf(row)} completed at ${formatPaise(keepPaise)}, as both sides agreed. ${formatPaise(remaining - keepPaise)} is refunded to the creator.`,
    );
    fx.notice({ kind: 'order_completed', order: row, how: 'settled' });
    await announceRelease(k, tx, fx, row);
    return row;
  });
}

/** The other side declines, or the side that proposed takes it back. */
export async function closeSettlement(
  k: OrderKernel,
  actor: Actor,
  orderId: string,
  how: 'decline' | 'withdraw',
) {
  return k.act(actor, orderId, `${how}_settlement`, async (tx, fx, order) => {
    const side = sideOf(actor, order);
    const row = await k.transition(
      tx,
      fx,
      order.id,
      SETTLEABLE_ORDER_STATUSES,
      NO_SETTLEMENT,
      {
        type: how === 'decline' ? 'settlement_declined' : 'settlement_withdrawn',
        actor: side,
        actorId: actor.id,
        data: { amountPaise: order.settlementAmountPaise },
      },
      isNotNull(orders.settlementProposedAt),
    );
    if (!row) throw conflict(ORDER_MESSAGES.noSettlement);
    // The proposer hears of a decline; the side asked to answer, of a withdrawal (its notice is moot).
    fx.notice({
      kind: 'settlement_answered',
      order: row,
      outcome: how === 'decline' ? 'declined' : 'withdrawn',
      to: how === 'decline' ? order.settlementProposedBy! : otherSide(order.settlementProposedBy!),
      amountPaise: order.settlementAmountPaise!,
      proposedAt: order.settlementProposedAt!,
    });
    fx.line(
      row,
      `settlement-${how}:${order.settlementProposedAt!.getTime()}`,
      how === 'decline'
        ? `The ${side} declined completing order ${referenceOf(row)} at ${formatPaise(order.settlementAmountPaise!)}; it goes on.`
        : `The ${side} withdrew the proposal to complete order ${referenceOf(row)} at ${formatPaise(order.settlementAmountPaise!)}.`,
    );
    return row;
  });
}

/** Nobody answered in time: the proposal lapses and the order goes on. */
export async function settlementLapsed(k: OrderKernel, orderId: string, proposedAt: string): Promise<void> {
  await k.run(async (tx, fx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || order.settlementProposedAt?.toISOString() !== proposedAt) return;
    if (order.settlementRespondBy && order.settlementRespondBy.getTime() > Date.now()) {
      await k.schedule(
        tx,
        fx,
        ORDER_JOBS.settlementLapse,
        { orderId, proposedAt },
        order.settlementRespondBy,
      );
      return;
    }
    const row = await k.transition(
      tx,
      fx,
      orderId,
      SETTLEABLE_ORDER_STATUSES,
      NO_SETTLEMENT,
      { type: 'settlement_lapsed', actor: 'system', data: { amountPaise: order.settlementAmountPaise } },
      isNotNull(orders.settlementProposedAt),
    );
    if (!row) return;
    fx.changed(row);
    fx.notice({
      kind: 'settlement_answered',
      order: row,
      outcome: 'lapsed',
      to: order.settlementProposedBy!,
      amountPaise: order.settlementAmountPaise!,
      proposedAt: order.settlementProposedAt!,
    });
    fx.line(
      row,
      `settlement-lapsed:${order.settlementProposedAt!.getTime()}`,
      `The proposal to complete order ${referenceOf(row)} at ${formatPaise(order.settlementAmountPaise!)} was not answered in time; the order goes on.`,
    );
  });
}
