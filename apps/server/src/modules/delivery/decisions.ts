import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deliveries } from '../../db/schema';
import type { AppEvents } from '../../events';
import type { DeliveryAnnouncer } from './events';
import type { DeliveryRow } from './records';

/** How the review of a delivery ended. */
export type Decision = { status: 'approved' } | { status: 'changes_requested'; note: string | null };

/**
 * The one way a delivery is decided, in the caller's transaction: a conditional UPDATE from the states
 * given (under review, `sent`, unless a settlement approves one that had changes requested), so of two
 * decisions at once only one is recorded. Null when it was no longer in them.
 */
export async function recordDecision(
  tx: Db,
  deliveryId: string,
  decision: Decision,
  from: readonly DeliveryRow['status'][] = ['sent'],
): Promise<DeliveryRow | null> {
  const [row] = await tx
    .update(deliveries)
    .set({
      status: decision.status,
      ...(decision.status === 'changes_requested' ? { changesNote: decision.note } : {}),
      decidedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(deliveries.id, deliveryId), inArray(deliveries.status, [...from])))
    .returning();
  return row ?? null;
}

/**
 * What orders decides about a review by itself (an auto-complete approves, an extra revision accepted
 * asks for changes) is recorded on the delivery in the order's transaction; the room's screens hear of
 * it once that has committed. Returns the unsubscribe function.
 */
export function followOrderReviewDecisions(events: AppEvents, announce: DeliveryAnnouncer): () => void {
  return events.onInTransaction(
    'order.review_decided',
    async (tx, event) => {
      const row =
        event.outcome === 'changes_requested'
          ? await recordDecision(tx, event.deliveryId, { status: 'changes_requested', note: event.note })
          : await recordDecision(
              tx,
              event.deliveryId,
              { status: 'approved' },
              event.outcome === 'settled' ? ['sent', 'changes_requested'] : ['sent'],
            );
      if (row) return async () => announce.updated(row);
    },
    { by: 'delivery' },
  );
}
