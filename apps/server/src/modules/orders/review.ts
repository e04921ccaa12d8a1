import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import { DELIVERY_MESSAGES, ORDER_MESSAGES, formatPaise } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { deliveries, orders } from '../../db/schema';
import { conflict } from '../../lib/http-error';
import type { OrderEffects } from './effects';
import type { Actor, OrderKernel } from './kernel';
import { settleOpenDispute } from './dispute-freeze';
import { NO_SETTLEMENT } from './pending-requests';
import { lockOrder, type OrderRow } from './records';
import { referenceOf } from './shape';

type DeliveryRow = typeof deliveries.$inferSelect;

/**
 * The creator's review of a delivery, as it moves the order: approval completes it, changes use a
 * revision. The deliveries module starts these in its own transaction and records the decision on its
 * row itself; what orders decides on its own (an extra revision accepted here, an auto-complete in
 * deadlines.ts) is announced as `order.review_decided` in the same transaction, for deliveries to follow.
 */

/** Why a delivery cannot be reviewed: it was (its order moved on), or its order ended otherwise. */
function reviewRefusal(order: OrderRow) {
  return order.status === 'completed' || order.status === 'changes_requested'
    ? conflict(DELIVERY_MESSAGES.alreadyDecided)
    : conflict(ORDER_MESSAGES.notAllowed('review', order.status));
}

/** The one delivery of the order waiting for review (the latest sent). */
export async function deliveryUnderReview(tx: Db, orderId: string): Promise<DeliveryRow | null> {
  const [d] = await tx
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.cutroomOrderId, orderId), eq(deliveries.status, 'sent')))
    .orderBy(desc(deliveries.number))
    .limit(1);
  return d ?? null;
}

/** The newest delivery of an order, whatever its review: what a settlement releases. */
export async function latestDelivery(tx: Db, orderId: string): Promise<DeliveryRow | null> {
  const [d] = await tx
    .select()
    .from(deliveries)
    .where(eq(deliveries.cutroomOrderId, orderId))
    .orderBy(desc(deliveries.number))
    .limit(1);
  return d ?? null;
}

/** Lines and screen updates for final files that became available (order completed and paid). */
export async function announceRelease(
  k: OrderKernel,
  tx: Db,
  fx: OrderEffects,
  order: OrderRow,
): Promise<void> {
  if (order.status !== 'completed' || !(await k.isPaid(tx, order))) return;
  const approved = await tx
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.cutroomOrderId, order.id), eq(deliveries.status, 'approved')))
    .orderBy(asc(deliveries.number));
  for (const d of approved) {
    fx.line(
      order,
      `released:${d.id}:${order.paymentId}`,
      `Final file of delivery #${d.number} released to the creator.`,
      {
        deliveryId: d.id,
        step: 'released',
      },
    );
    fx.delivery(d);
  }
}

/**
 * The creator approves the delivery under review: the order is completed. 409 when it was decided
 * meanwhile. The deliveries module then records the approval and calls `announceApproval`.
 */
export async function completeApprovedOrder(
  k: OrderKernel,
  tx: Db,
  fx: OrderEffects,
  actor: Actor,
  delivery: DeliveryRow,
): Promise<OrderRow> {
  const order = await lockOrder(tx, delivery.cutroomOrderId!);
  if (order.status !== 'delivered') throw reviewRefusal(order);
  const row = await k.transition(
    tx,
    fx,
    order.id,
    ['delivered'],
    {
      status: 'completed',
      completedAt: new Date(),
      autoCompleteAt: null,
      extraRevisionNote: null,
      extraRevisionRequestedAt: null,
      ...NO_SETTLEMENT,
    },
    { type: 'completed', actor: 'creator', actorId: actor.id, data: { deliveryNumber: delivery.number } },
  );
  if (!row) throw conflict(DELIVERY_MESSAGES.alreadyDecided);
  // The creator approving the work ends a dispute on it.
  await settleOpenDispute(k, tx, fx, order, 'creator', actor.id);
  return row;
}

/** What an approval tells the room and the people, once the delivery is recorded approved (and released if paid). */
export async function announceApproval(
  k: OrderKernel,
  tx: Db,
  fx: OrderEffects,
  row: OrderRow,
  approved: DeliveryRow,
): Promise<void> {
  fx.changed(row);
  // The approval first, then what it does to the order.
  fx.deliveryLine(approved, 'approved', `Delivery #${approved.number} approved.`);
  fx.line(
    row,
    'completed',
    `Order ${referenceOf(row)} completed.${row.paymentId ? '' : ` Payment of ${formatPaise(row.pricePaise)} unlocks the final file.`}`,
  );
  fx.notice({ kind: 'order_completed', order: row, how: 'approved' });
  await announceRelease(k, tx, fx, row);
}

/**
 * The creator asks for changes: a revision is used; with none left the request is recorded for the
 * editor to accept anyway (or answer with a new offer) and the delivery stays under review (`extra`).
 * 409 when it was decided meanwhile. Unless `extra`, the deliveries module then records the request.
 */
export async function requestOrderChanges(
  k: OrderKernel,
  tx: Db,
  fx: OrderEffects,
  actor: Actor,
  delivery: DeliveryRow,
  note: string,
): Promise<{ order: OrderRow; extra: boolean }> {
  const order = await lockOrder(tx, delivery.cutroomOrderId!);
  if (order.status !== 'delivered') throw reviewRefusal(order);
  const data = {
    deliveryNumber: delivery.number,
    revisionsUsed: order.revisionsUsed + 1,
    revisionsIncluded: order.revisionsIncluded,
  };
  if (order.revisionsUsed >= order.revisionsIncluded) {
    const row = await k.transition(
      tx,
      fx,
      order.id,
      ['delivered'],
      { extraRevisionNote: note, extraRevisionRequestedAt: new Date() },
      { type: 'extra_revision_requested', actor: 'creator', actorId: actor.id, note, data },
    );
    if (!row) throw conflict(DELIVERY_MESSAGES.alreadyDecided);
    fx.changed(row);
    fx.line(
      row,
      `extra-revision:${delivery.id}:${Date.now()}`,
      `Changes requested on delivery #${delivery.number}, but order ${referenceOf(row)} has no revisions left. The editor can accept an extra revision or send a new offer.`,
    );
    fx.notice({
      kind: 'changes_requested',
      order: row,
      deliveryId: delivery.id,
      deliveryNumber: delivery.number,
      note,
    });
    return { order: row, extra: true };
  }
  const row = await k.transition(
    tx,
    fx,
    order.id,
    ['delivered'],
    { status: 'changes_requested', revisionsUsed: order.revisionsUsed + 1, autoCompleteAt: null },
    { type: 'changes_requested', actor: 'creator', actorId: actor.id, note, data },
  );
  if (!row) throw conflict(DELIVERY_MESSAGES.alreadyDecided);
  fx.changed(row);
  fx.notice({
    kind: 'changes_requested',
    order: row,
    deliveryId: delivery.id,
    deliveryNumber: delivery.number,
    note,
  });
  return { order: row, extra: false };
}

/**
 * The editor takes on changes beyond the included revisions: the delivery under review follows as
 * changes requested, with the creator's note (`order.review_decided`).
 */
export async function acceptExtraRevision(k: OrderKernel, actor: Actor, orderId: string) {
  return k.act(actor, orderId, 'accept_extra_revision', async (tx, fx, order) => {
    const row = await k.transition(
      tx,
      fx,
      order.id,
      ['delivered'],
      {
        status: 'changes_requested',
        revisionsUsed: order.revisionsUsed + 1,
        autoCompleteAt: null,
        extraRevisionNote: null,
        extraRevisionRequestedAt: null,
      },
      { type: 'extra_revision_accepted', actor: 'editor', actorId: actor.id },
      isNotNull(orders.extraRevisionRequestedAt),
    );
    if (!row) throw conflict(ORDER_MESSAGES.noExtraRevision);
    const d = await deliveryUnderReview(tx, order.id);
    if (d) {
      await k.reviewDecided(tx, fx, {
        order: row,
        deliveryId: d.id,
        outcome: 'changes_requested',
        note: order.extraRevisionNote,
      });
    }
    fx.line(
      row,
      `extra-revision-accepted:${Date.now()}`,
      `The editor accepted an extra revision on order ${referenceOf(row)}.`,
    );
    return row;
  });
}
