import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { OrderActor, OrderStatus } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { orderEvents, orders } from '../../db/schema';
import type { OrderRow } from './records';

export interface OrderEventInput {
  type: string;
  actor: OrderActor;
  actorId?: string | null;
  note?: string | null;
  data?: Record<string, unknown>;
}

export type OrderChange = Partial<Omit<typeof orders.$inferInsert, 'id' | 'number' | 'createdAt'>>;

/**
 * The one way an order changes: a conditional UPDATE (the status it must be in, plus any other
 * condition) and, when it matched, its timeline event, in the caller's transaction. Null when the order
 * was no longer in that state: a concurrent transition won, and this one changed nothing. Orders' code
 * calls it through `OrderKernel.transition`, which also announces a closed order.
 */
export async function transition(
  tx: Db,
  orderId: string,
  from: readonly OrderStatus[] | null,
  change: OrderChange,
  event: OrderEventInput,
  condition?: SQL,
): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({ ...change, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), from ? inArray(orders.status, [...from]) : undefined, condition))
    .returning();
  if (!row) return null;
  await recordEvent(tx, orderId, event);
  return row;
}

/** Appends to the order's timeline (never updated or deleted). */
export async function recordEvent(tx: Db, orderId: string, event: OrderEventInput): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId,
    type: event.type,
    actor: event.actor,
    actorId: event.actorId ?? null,
    note: event.note ?? null,
    data: event.data ?? {},
  });
}
