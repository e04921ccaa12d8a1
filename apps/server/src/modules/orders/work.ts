import { and, asc, desc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import {
  DELIVERABLE_ORDER_STATUSES,
  DELIVERY_MESSAGES,
  ORDER_MESSAGES,
  formatPaise,
} from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { deliveries, orders } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-error';
import type { OrderEffects } from './effects';
import { ORDER_JOBS } from './job-kinds';
import type { Actor, OrderKernel } from './kernel';
import { findOrder, lockOrder, type OrderRow } from './records';
import { formatLineTime, referenceOf } from './shape';
import { recordEvent } from './transitions';

type DeliveryRow = typeof deliveries.$inferSelect;

/** Why a delivery cannot be reviewed: it was (its order moved on), or its order ended otherwise. */
function reviewRefusal(order: OrderRow) {
  return order.status === 'completed' || order.status === 'changes_requested'
    ? conflict(DELIVERY_MESSAGES.alreadyDecided)
    : conflict(ORDER_MESSAGES.notAllowed('review', order.status));
}

/**
 * The work side of an order: deliveries move it to delivered, the creator's review completes it or uses
 * a revision, and a delivery nobody reviews completes it on schedule. Called by the deliveries module
 * inside its own transactions, so a delivery and its order never disagree.
 */

/** Before an upload is read: the order belongs to this room and this editor, and is waiting for work. */
export async function assertDeliverable(
  db: Db,
  editor: Actor,
  roomId: string,
  orderId: string,
): Promise<OrderRow> {
  const order = await findOrder(db, orderId);
  if (!order || order.editorId !== editor.id) throw notFound(ORDER_MESSAGES.notFound);
  if (order.roomId !== roomId) throw conflict(ORDER_MESSAGES.orderOfAnotherRoom);
  if (order.status === 'awaiting_payment') throw conflict(ORDER_MESSAGES.awaitingPayment);
  if (!DELIVERABLE_ORDER_STATUSES.includes(order.status)) throw conflict(ORDER_MESSAGES.notDeliverable);
  return order;
}

/** A delivery was recorded for the order (same transaction): it now waits for review, on a clock. */
export async function markDelivered(
  k: OrderKernel,
  tx: Db,
  fx: OrderEffects,
  orderId: string,
  delivery: DeliveryRow,
): Promise<OrderRow> {
  await lockOrder(tx, orderId);
  const now = Date.now();
  const { ORDER_AUTO_COMPLETE_HOURS, ORDER_AUTO_COMPLETE_WARNING_HOURS } = k.deps.config;
  const autoCompleteAt = new Date(now + k.hours(ORDER_AUTO_COMPLETE_HOURS));
  const row = await k.transition(
    tx,
    fx,
    orderId,
    DELIVERABLE_ORDER_STATUSES,
    {
      status: 'delivered',
      deliveredAt: new Date(now),
      autoCompleteAt,
      extraRevisionNote: null,
      extraRevisionRequestedAt: null,
    },
    {
      type: 'delivered',
      actor: 'editor',
      actorId: delivery.editorId,
      data: { deliveryNumber: delivery.number, deliveryId: delivery.id },
    },
  );
  if (!row) throw conflict(ORDER_MESSAGES.notDeliverable);
  const warnAt = new Date(
    Math.max(now, autoCompleteAt.getTime() - k.hours(ORDER_AUTO_COMPLETE_WARNING_HOURS)),
  );
  const at = autoCompleteAt.toISOString();
  await k.schedule(tx, fx, ORDER_JOBS.autoCompleteWarning, { orderId, at }, warnAt);
  await k.schedule(tx, fx, ORDER_JOBS.autoComplete, { orderId }, autoCompleteAt);
  fx.changed(row);
  return row;
}

/** The one delivery of the order waiting for review (the latest sent). */
async function deliveryUnderReview(tx: Db, orderId: string): Promise<DeliveryRow | null> {
  const [d] = await tx
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.cutroomOrderId, orderId), eq(deliveries.status, 'sent')))
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

/** The creator approves the delivery under review: the order is completed (and released if paid). */
export async function approveDelivery(
  k: OrderKernel,
  tx: Db,
  fx: OrderEffects,
  actor: Actor,
  delivery: DeliveryRow,
): Promise<DeliveryRow> {
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
    },
    { type: 'completed', actor: 'creator', actorId: actor.id, data: { deliveryNumber: delivery.number } },
  );
  if (!row) throw conflict(DELIVERY_MESSAGES.alreadyDecided);
  const [approved] = await tx
    .update(deliveries)
    .set({ status: 'approved', decidedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(deliveries.id, delivery.id), eq(deliveries.status, 'sent')))
    .returning();
  if (!approved) throw conflict(DELIVERY_MESSAGES.alreadyDecided);
  fx.changed(row);
  // The approval first, then what it does to the order.
  fx.deliveryLine(approved, 'approved', `Delivery #${approved.number} approved.`);
  fx.line(
    row,
    'completed',
    `Order ${referenceOf(row)} completed.${row.paymentId ? '' : ` Payment of ${formatPaise(row.pricePaise)} unlocks the final file.`}`,
  );
  fx.notice({ kind: 'order_completed', order: row, automatic: false });
  await announceRelease(k, tx, fx, row);
  return approved;
}

/**
 * The creator asks for changes: a revision is used; with none left the request is recorded for the
 * editor to accept anyway (or answer with a new offer) and the delivery stays under review.
 */
export async function requestChanges(
  k: OrderKernel,
  tx: Db,
  fx: OrderEffects,
  actor: Actor,
  delivery: DeliveryRow,
  note: string,
): Promise<{ delivery: DeliveryRow; extra: boolean }> {
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
    return { delivery, extra: true };
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
  const [changed] = await tx
    .update(deliveries)
    .set({ status: 'changes_requested', changesNote: note, decidedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(deliveries.id, delivery.id), eq(deliveries.status, 'sent')))
    .returning();
  if (!changed) throw conflict(DELIVERY_MESSAGES.alreadyDecided);
  fx.changed(row);
  fx.notice({
    kind: 'changes_requested',
    order: row,
    deliveryId: changed.id,
    deliveryNumber: changed.number,
    note,
  });
  return { delivery: changed, extra: false };
}

/** The editor takes on changes beyond the included revisions. */
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
      const [changed] = await tx
        .update(deliveries)
        .set({
          status: 'changes_requested',
          changesNote: order.extraRevisionNote,
          decidedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(and(eq(deliveries.id, d.id), eq(deliveries.status, 'sent')))
        .returning();
      if (changed) fx.delivery(changed);
    }
    fx.line(
      row,
      `extra-revision-accepted:${Date.now()}`,
      `The editor accepted an extra revision on order ${referenceOf(row)}.`,
    );
    return row;
  });
}

/** The chat hears, a day ahead, that a delivery nobody reviewed will complete the order. */
export async function warnAutoComplete(k: OrderKernel, orderId: string, at: string): Promise<void> {
  await k.run(async (tx, fx) => {
    const order = await findOrder(tx, orderId);
    if (!order || order.status !== 'delivered' || order.autoCompleteAt?.toISOString() !== at) return;
    fx.line(
      order,
      `auto-complete-warning:${at}`,
      `Order ${referenceOf(order)} completes automatically on ${formatLineTime(at)} unless the creator approves the delivery or asks for changes.`,
    );
    await recordEvent(tx, orderId, { type: 'auto_complete_warning', actor: 'system', data: { at } });
    fx.notice({ kind: 'auto_complete_soon', order, at: new Date(at) });
    fx.changed(order);
  });
}

/**
 * Completes an order whose delivery nobody reviewed in time, approving that delivery. A preview that is
 * not ready (the creator could not review it) moves the deadline on by a whole period instead.
 */
export async function autoComplete(k: OrderKernel, orderId: string): Promise<void> {
  await k.run(async (tx, fx) => {
    const order = await lockOrder(tx, orderId).catch(() => null);
    if (!order || order.status !== 'delivered' || !order.autoCompleteAt) return;
    if (order.autoCompleteAt.getTime() > Date.now()) {
      await k.schedule(tx, fx, ORDER_JOBS.autoComplete, { orderId }, order.autoCompleteAt);
      return;
    }
    const d = await deliveryUnderReview(tx, orderId);
    if (d && d.previewStatus !== 'ready') {
      const later = new Date(Date.now() + k.hours(k.deps.config.ORDER_AUTO_COMPLETE_HOURS));
      await tx.update(orders).set({ autoCompleteAt: later }).where(eq(orders.id, orderId));
      await k.schedule(tx, fx, ORDER_JOBS.autoComplete, { orderId }, later);
      return;
    }
    const row = await k.transition(
      tx,
      fx,
      orderId,
      ['delivered'],
      {
        status: 'completed',
        completedAt: new Date(),
        autoCompleteAt: null,
        extraRevisionNote: null,
        extraRevisionRequestedAt: null,
      },
      { type: 'auto_completed', actor: 'system', data: { deliveryNumber: d?.number ?? null } },
      lte(orders.autoCompleteAt, new Date()),
    );
    if (!row) return;
    if (d) {
      const [approved] = await tx
        .update(deliveries)
        .set({ status: 'approved', decidedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(deliveries.id, d.id), eq(deliveries.status, 'sent')))
        .returning();
      if (approved) fx.delivery(approved);
    }
    fx.changed(row);
    fx.line(
      row,
      'auto-completed',
      `Order ${referenceOf(row)} completed automatically: delivery${d ? ` #${d.number}` : ''} was not reviewed in time.` +
        (row.paymentId ? '' : ` Payment of ${formatPaise(row.pricePaise)} unlocks the final file.`),
    );
    fx.notice({ kind: 'order_completed', order: row, automatic: true });
    await announceRelease(k, tx, fx, row);
  });
}

/** The due date passed with no delivery: the order is marked late and the creator may cancel it. */
export async function markLate(k: OrderKernel, orderId: string): Promise<void> {
  await k.run(async (tx, fx) => {
    const order = await findOrder(tx, orderId);
    if (!order || order.status !== 'in_progress' || !order.dueAt || order.lateAt) return;
    if (order.dueAt.getTime() > Date.now()) {
      await k.schedule(tx, fx, ORDER_JOBS.markLate, { orderId }, order.dueAt);
      return;
    }
    const row = await k.transition(
      tx,
      fx,
      orderId,
      ['in_progress'],
      { lateAt: new Date() },
      { type: 'late', actor: 'system' },
      and(lte(orders.dueAt, new Date()), isNull(orders.lateAt)),
    );
    if (!row) return;
    fx.changed(row);
    fx.line(
      row,
      'late',
      `Order ${referenceOf(row)} is past its due date with no delivery. The creator may cancel it with a full refund.`,
    );
  });
}
