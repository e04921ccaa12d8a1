import { DELIVERABLE_ORDER_STATUSES, ORDER_MESSAGES } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import type { deliveries } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-error';
import type { OrderEffects } from './effects';
import { NO_EXTENSION } from './pending-requests';
import { ORDER_JOBS } from './job-kinds';
import type { Actor, OrderKernel } from './kernel';
import { findOrder, lockOrder, type OrderRow } from './records';

type DeliveryRow = typeof deliveries.$inferSelect;

/**
 * The order's side of a delivery being sent: checked before the upload is read, and moved to delivered
 * in the deliveries module's transaction, so a delivery and its order never disagree.
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
      ...NO_EXTENSION,
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
