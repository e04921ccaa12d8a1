import { isNotNull, isNull } from 'drizzle-orm';
import {
  CLOSED_ORDER_STATUSES,
  ORDER_MESSAGES,
  ORDER_STATUSES,
  formatPaise,
  orderCancelledLine,
  paiseFromRupees,
  type OrderActor,
  type OrderStatus,
} from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { conflict } from '../../lib/http-error';
import { settleOpenDispute } from './dispute-freeze';
import type { OrderEffects } from './effects';
import { NO_CANCELLATION, NO_EXTENSION, NO_SETTLEMENT } from './pending-requests';
import { ORDER_JOBS, type RefundJobPayload } from './job-kinds';
import { screenTexts } from '../../lib/contact-screen';
import type { Actor, OrderKernel } from './kernel';
import { lockOrder, type OrderRow } from './records';
import { formatLineTime, referenceOf } from './shape';

/** Where either side may propose (or a deadline may force) cancelling: work accepted and not completed. */
export const CANCELLABLE_BY_SIDES: readonly OrderStatus[] = [
  'awaiting_payment',
  'in_progress',
  'delivered',
  'changes_requested',
];
/** Admins may cancel anything that became an order and is not cancelled yet (completed ones too). */
const CANCELLABLE_BY_ADMIN = ORDER_STATUSES.filter(
  (s) => s !== 'offered' && !CLOSED_ORDER_STATUSES.includes(s),
);

const cleared = {
  ...NO_CANCELLATION,
  autoCompleteAt: null,
  extraRevisionNote: null,
  extraRevisionRequestedAt: null,
  ...NO_EXTENSION,
  ...NO_SETTLEMENT,
} as const;

export interface CancelSpec {
  by: OrderActor;
  actorId?: string | null;
  note: string;
  /** The side whose proposal this cancellation carries out (accepted, or not answered in time). */
  proposedBy?: 'creator' | 'editor' | null;
  /** 'full': what remains of the payment goes back; a number of paise; 0 for nothing. */
  refund: 'full' | number;
  from: readonly OrderStatus[];
}

/**
 * Cancels an order in the caller's transaction. The payment is read from the row the UPDATE returns, so a
 * payment that landed a moment before is refunded too. Full refunds from the sides run as a durable job;
 * returns the paise an admin's own refund should take (the caller issues it after commit).
 */
export async function cancelOrder(
  k: OrderKernel,
  tx: Db,
  fx: OrderEffects,
  order: OrderRow,
  spec: CancelSpec,
): Promise<{ row: OrderRow; refundPaise: number }> {
  const row = await k.transition(
    tx,
    fx,
    order.id,
    spec.from,
    {
      status: 'cancelled',
      cancelledAt: new Date(),
      cancelledBy: spec.by,
      cancelNote: spec.note || null,
      ...cleared,
    },
    { type: 'cancelled', actor: spec.by, actorId: spec.actorId ?? null, note: spec.note || null },
  );
  if (!row) throw conflict(ORDER_MESSAGES.cannotCancel);
  // A side's cancellation ends an open dispute; an admin's decision ends it itself.
  if (spec.by !== 'admin') await settleOpenDispute(k, tx, fx, order, spec.by, spec.actorId);
  let refundPaise = 0;
  if (row.paymentId) {
    const remaining = await k.remainingPaise(tx, row.paymentId);
    refundPaise = spec.refund === 'full' ? remaining : Math.min(spec.refund, remaining);
    if (spec.refund === 'full' && remaining > 0) {
      const payload: RefundJobPayload = {
        orderId: row.id,
        paymentId: row.paymentId,
        note: `Cancellation of order ${referenceOf(row)}`,
      };
      await k.schedule(tx, fx, ORDER_JOBS.refund, payload, new Date());
    }
  }
  fx.line(
    row,
    'cancelled',
    orderCancelledLine({
      reference: referenceOf(row),
      by: spec.by,
      proposedBy: spec.proposedBy,
      refundPaise,
    }),
  );
  fx.notice({ kind: 'order_cancelled', order: row, by: spec.by, proposedBy: spec.proposedBy, refundPaise });
  return { row, refundPaise };
}

/** The creator cancels at once: an unpaid order awaiting payment, or a late one (full refund). */
export async function cancelByCreator(k: OrderKernel, actor: Actor, orderId: string, reason: string) {
  const suspicion = screenTexts({ source: 'cancellation', orderId }, reason);
  return k.act(actor, orderId, 'cancel', async (tx, fx, order) => {
    await k.flag(tx, fx, suspicion, { source: 'cancellation', authorId: actor.id, order });
    const from: OrderStatus[] = order.status === 'awaiting_payment' ? ['awaiting_payment'] : ['in_progress'];
    const { row } = await cancelOrder(k, tx, fx, order, {
      by: 'creator',
      actorId: actor.id,
      note: reason || (order.status === 'in_progress' ? 'Cancelled after the due date passed' : ''),
      refund: 'full',
      from,
    });
    return row;
  });
}

/** Either side proposes cancelling; the other has ORDER_CANCELLATION_RESPONSE_HOURS to answer. */
export async function requestCancellation(k: OrderKernel, actor: Actor, orderId: string, reason: string) {
  const suspicion = screenTexts({ source: 'cancellation', orderId }, reason);
  return k.act(actor, orderId, 'request_cancellation', async (tx, fx, order) => {
    await k.flag(tx, fx, suspicion, { source: 'cancellation', authorId: actor.id, order });
    const side = actor.id === order.creatorId ? 'creator' : 'editor';
    const now = new Date();
    const respondBy = new Date(now.getTime() + k.hours(k.deps.config.ORDER_CANCELLATION_RESPONSE_HOURS));
    const row = await k.transition(
      tx,
      fx,
      order.id,
      CANCELLABLE_BY_SIDES,
      {
        cancellationRequestedBy: side,
        cancellationReason: reason || null,
        cancellationRequestedAt: now,
        cancellationRespondBy: respondBy,
      },
      { type: 'cancellation_requested', actor: side, actorId: actor.id, note: reason || null },
      isNull(orders.cancellationRequestedBy),
    );
    if (!row) throw conflict(ORDER_MESSAGES.cancellationPending);
    await k.schedule(
      tx,
      fx,
      ORDER_JOBS.cancellationTimeout,
      { orderId: row.id, requestedAt: now.toISOString() },
      respondBy,
    );
    const other = side === 'creator' ? 'editor' : 'creator';
    // Always e-mailed (contracts' ALWAYS_SENT_KINDS): unanswered, it goes through by itself.
    fx.notice({
      kind: 'cancellation_requested',
      order: row,
      by: side,
      reason: reason || null,
      requestedAt: now,
      respondBy,
      disputed: row.disputeId !== null,
    });
    fx.line(
      row,
      `cancellation:${now.getTime()}`,
      `The ${side} proposed cancelling order ${referenceOf(row)}${reason ? `: "${reason}"` : ''}. ${
        row.disputeId
          ? `The order is disputed: if the ${other} does not answer by ${formatLineTime(respondBy)}, the request lapses.`
          : `If the ${other} does not answer by ${formatLineTime(respondBy)}, it is cancelled with a full refund.`
      }`,
    );
    return row;
  });
}

export async function acceptCancellation(k: OrderKernel, actor: Actor, orderId: string) {
  return k.act(actor, orderId, 'accept_cancellation', async (tx, fx, order) => {
    const side = actor.id === order.creatorId ? 'creator' : 'editor';
    const { row } = await cancelOrder(k, tx, fx, order, {
      by: side,
      actorId: actor.id,
      note: `Mutual cancellation${order.cancellationReason ? `: ${order.cancellationReason}` : ''}`,
      proposedBy: order.cancellationRequestedBy,
      refund: 'full',
      from: CANCELLABLE_BY_SIDES,
    });
    return row;
  });
}

/** The other side keeps the order, or the side that asked takes the request back. */
export async function closeCancellationRequest(
  k: OrderKernel,
  actor: Actor,
  orderId: string,
  how: 'decline' | 'withdraw',
) {
  return k.act(
    actor,
    orderId,
    how === 'decline' ? 'decline_cancellation' : 'withdraw_cancellation',
    async (tx, fx, order) => {
      const side = actor.id === order.creatorId ? 'creator' : 'editor';
      const row = await k.transition(
        tx,
        fx,
        order.id,
        CANCELLABLE_BY_SIDES,
        NO_CANCELLATION,
        {
          type: how === 'decline' ? 'cancellation_declined' : 'cancellation_withdrawn',
          actor: side,
          actorId: actor.id,
        },
        isNotNull(orders.cancellationRequestedBy),
      );
      if (!row) throw conflict(ORDER_MESSAGES.noCancellation);
      fx.line(
        row,
        `cancellation-${how}:${order.cancellationRequestedAt?.getTime() ?? 0}`,
        how === 'decline'
          ? `The ${side} declined to cancel order ${referenceOf(row)}; it goes on.`
          : `The ${side} withdrew the request to cancel order ${referenceOf(row)}.`,
      );
      return row;
    },
  );
}

/**
 * An admin cancels any order with a full (null), partial or no (0) refund and a note. The refund goes
 * through the payments module's refund path after commit, so the admin sees its outcome.
 */
export async function cancelByAdmin(
  k: OrderKernel,
  admin: Actor,
  orderId: string,
  input: { refundAmount?: number | null; note: string },
): Promise<{ row: OrderRow; refundPaise: number }> {
  // Refused like anyone's; an admin's own note is never flagged for admins.
  screenTexts({ source: 'cancellation', orderId }, input.note);
  return k.run(async (tx, fx) => {
    const order = await lockOrder(tx, orderId);
    if (!CANCELLABLE_BY_ADMIN.includes(order.status))
      throw conflict(ORDER_MESSAGES.notAllowed('cancel', order.status));
    if (order.disputeId) throw conflict(ORDER_MESSAGES.decideDisputeInstead);
    const remaining = order.paymentId ? await k.remainingPaise(tx, order.paymentId) : 0;
    const wanted = input.refundAmount == null ? remaining : paiseFromRupees(input.refundAmount);
    if (wanted > remaining) throw conflict(ORDER_MESSAGES.refundTooLarge(formatPaise(remaining)));
    const result = await cancelOrder(k, tx, fx, order, {
      by: 'admin',
      actorId: admin.id,
      note: input.note,
      refund: wanted,
      from: CANCELLABLE_BY_ADMIN,
    });
    fx.changed(result.row);
    return result;
  });
}
