import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DisputeStatus } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { disputes } from '../../db/schema';
import { fromStates, type EntriesOf, type Moves } from '../../lib/state-machine';

export type DisputeRow = typeof disputes.$inferSelect;

/** The moves a dispute may make; everything else is refused. */
export const DISPUTE_MOVES = {
  awaiting_response: ['answered', 'with_admins', 'settled', 'withdrawn'],
  answered: ['with_admins', 'settled', 'withdrawn'],
  with_admins: ['decided', 'settled', 'withdrawn'],
  decided: [],
  settled: [],
  withdrawn: [],
} as const satisfies Moves<DisputeStatus>;

type DisputeChange = Partial<Omit<typeof disputes.$inferInsert, 'id' | 'orderId' | 'status' | 'createdAt'>>;

/**
 * The one way a dispute changes state: a conditional UPDATE from the states the table allows (or the
 * caller's narrower list), in the caller's transaction. Null when the dispute had moved on meanwhile.
 */
export async function moveDispute<To extends DisputeStatus>(
  tx: Db,
  id: string,
  to: To,
  change: DisputeChange = {},
  from?: readonly EntriesOf<typeof DISPUTE_MOVES, To>[],
): Promise<DisputeRow | null> {
  const allowed = fromStates('dispute', DISPUTE_MOVES, to, from);
  const closes = to === 'decided' || to === 'settled' || to === 'withdrawn';
  const [row] = await tx
    .update(disputes)
    .set({ ...change, status: to, ...(closes ? { closedAt: new Date() } : {}), updatedAt: sql`now()` })
    .where(and(eq(disputes.id, id), inArray(disputes.status, allowed as DisputeStatus[])))
    .returning();
  return row ?? null;
}
