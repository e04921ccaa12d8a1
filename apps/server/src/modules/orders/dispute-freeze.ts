import { eq, isNull } from 'drizzle-orm';
import type { OrderStatus } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import type { OrderDisputeClosed } from '../../events';
import type { OrderEffects } from './effects';
import { ORDER_JOBS } from './job-kinds';
import type { OrderKernel } from './kernel';
import type { OrderRow } from './records';
import { referenceOf } from './shape';
import { recordEvent } from './transitions';

/**
 * The order's side of a dispute (the disputes module owns the dispute itself): a dispute freezes the order
 * (`dispute_id`: no auto-complete, and payouts holds the editor's share), and whatever ends the dispute
 * unfreezes it. Each is a transition of the order, so it is on the timeline.
 */

/** Where a dispute may be opened: work under way or delivered (and completed, within the window). */
export const DISPUTABLE_ORDER_STATUSES: readonly OrderStatus[] = [
  'in_progress',
  'delivered',
  'changes_requested',
  'completed',
];

/** Freezes the order for the dispute just recorded; false if another dispute froze it meanwhile. */
export async function freezeForDispute(
  k: OrderKernel,
  tx: Db,
  fx: OrderEffects,
  order: OrderRow,
  dispute: { id: string; side: 'creator' | 'editor'; actorId: string; reason: string },
): Promise<OrderRow | null> {
  const row = await k.transition(
    tx,
    fx,
    order.id,
    DISPUTABLE_ORDER_STATUSES,
    { disputeId: dispute.id },
    {
      type: 'dispute_opened',
      actor: dispute.side,
      actorId: dispute.actorId,
      data: { disputeId: dispute.id, reason: dispute.reason },
    },
    isNull(orders.disputeId),
  );
  if (!row) return null;
  fx.changed(row);
  fx.afterCommit(
    ...(await k.deps.events.emitInTransaction(tx, 'order.dispute_opened', {
      order: row,
      disputeId: dispute.id,
    })),
  );
  return row;
}

/**
 * A step of the order's open dispute that leaves the order as it is (answered, sent to admins) still goes
 * on its timeline, like every step of the dispute.
 */
export async function noteDisputeStep(
  tx: Db,
  fx: OrderEffects,
  order: OrderRow,
  disputeId: string,
  event: {
    type: 'dispute_answered' | 'dispute_escalated';
    actor: 'creator' | 'editor' | 'system';
    actorId?: string | null;
  },
): Promise<void> {
  await recordEvent(tx, order.id, { ...event, data: { disputeId } });
  fx.changed(order);
}

/**
 * Unfreezes the order after its dispute ended; a delivered order gets a whole auto-complete period again
 * from now (the creator could not be expected to review while it was disputed).
 */
export async function unfreezeAfterDispute(
  k: OrderKernel,
  tx: Db,
  fx: OrderEffects,
  orderId: string,
  disputeId: string,
  how: OrderDisputeClosed['how'],
  event: {
    type: string;
    actor: 'creator' | 'editor' | 'admin' | 'system';
    actorId?: string | null;
    data?: Record<string, unknown>;
  },
  lost = false,
): Promise<OrderRow | null> {
  const [current] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!current || current.disputeId !== disputeId) return null;
  const autoCompleteAt =
    current.status === 'delivered'
      ? new Date(Date.now() + k.hours(k.deps.config.ORDER_AUTO_COMPLETE_HOURS))
      : current.autoCompleteAt;
  const row = await k.transition(
    tx,
    fx,
    orderId,
    null,
    { disputeId: null, autoCompleteAt, ...(lost ? { disputeLostAt: new Date() } : {}) },
    { ...event, data: { ...event.data, disputeId, how } },
    eq(orders.disputeId, disputeId),
  );
  if (!row) return null;
  if (row.status === 'delivered' && autoCompleteAt) {
    // The new period has its reminder, as a delivery's has (delivered.ts).
    const warnAt = new Date(
      Math.max(
        Date.now(),
        autoCompleteAt.getTime() - k.hours(k.deps.config.ORDER_AUTO_COMPLETE_WARNING_HOURS),
      ),
    );
    const at = autoCompleteAt.toISOString();
    await k.schedule(tx, fx, ORDER_JOBS.autoCompleteWarning, { orderId, at }, warnAt);
    await k.schedule(tx, fx, ORDER_JOBS.autoComplete, { orderId }, autoCompleteAt);
  }
  fx.changed(row);
  fx.afterCommit(
    ...(await k.deps.events.emitInTransaction(tx, 'order.dispute_closed', {
      order: row,
      disputeId,
      how,
      lost,
    })),
  );
  return row;
}

/**
 * The sides ended the order's open dispute themselves (more time, a different amount, a cancellation,
 * the creator's approval), in the transaction of that step: called with the order as it was before it.
 */
export async function settleOpenDispute(
  k: OrderKernel,
  tx: Db,
  fx: OrderEffects,
  before: Pick<OrderRow, 'id' | 'disputeId'>,
  actor: 'creator' | 'editor' | 'system',
  actorId?: string | null,
): Promise<void> {
  if (!before.disputeId) return;
  const row = await unfreezeAfterDispute(k, tx, fx, before.id, before.disputeId, 'settled', {
    type: 'dispute_settled',
    actor,
    actorId: actorId ?? null,
  });
  // The step's own line says what was agreed; this one says the dispute is over.
  if (row) {
    fx.line(
      row,
      `dispute-settled:${before.disputeId}`,
      `The dispute on order ${referenceOf(row)} is settled: the order is no longer on hold.`,
    );
  }
}
