import { and, inArray, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { payments, refunds } from '../../db/schema';
import { fromStates, type EntriesOf, type Moves } from '../../lib/state-machine';

export type PaymentStatus = (typeof payments.$inferSelect)['status'];
export type RefundStatus = (typeof refunds.$inferSelect)['status'];

/**
 * A payment's status, and how it may move (DESIGN.md §4). INITIATED until the gateway says otherwise
 * (or the order lapses); FAILED is not final, since the payer may retry at the gateway and a late
 * success still wins; SUCCESS is final.
 */
export const PAYMENT_MOVES = {
  INITIATED: ['SUCCESS', 'FAILED'],
  FAILED: ['SUCCESS'],
  SUCCESS: [],
} as const satisfies Moves<PaymentStatus>;

/**
 * A refund's status, and how it may move: PENDING and ONHOLD follow the gateway either way until it
 * settles the refund (SUCCESS) or cancels it (CANCELLED, also when it refuses a refund sent again).
 * SUCCESS is final; a CANCELLED one may still be reported settled by the gateway, which wins.
 */
export const REFUND_MOVES = {
  PENDING: ['ONHOLD', 'SUCCESS', 'CANCELLED'],
  ONHOLD: ['PENDING', 'SUCCESS', 'CANCELLED'],
  SUCCESS: [],
  // The gateway's word wins: a refund we gave up on that it reports settled did go back.
  CANCELLED: ['SUCCESS'],
} as const satisfies Moves<RefundStatus>;

type PaymentRow = typeof payments.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

/**
 * The one way a payment's status changes: a conditional UPDATE of the matching payments from the
 * statuses the table allows (or the caller's narrower `from`), with `updatedAt`. Returns the rows that
 * moved; none when another change won (each transition happens at most once).
 */
export function movePayment<To extends PaymentStatus>(
  db: Db,
  which: SQL,
  to: To,
  opts: {
    from?: readonly EntriesOf<typeof PAYMENT_MOVES, To>[];
    set?: Omit<PgUpdateSetSource<typeof payments>, 'status' | 'updatedAt'>;
  } = {},
): Promise<PaymentRow[]> {
  const from = fromStates('payment', PAYMENT_MOVES, to, opts.from);
  return db
    .update(payments)
    .set({ ...opts.set, status: to, updatedAt: new Date() })
    .where(and(which, inArray(payments.status, from)))
    .returning();
}

/** The one way a refund's status changes; as movePayment. */
export function moveRefund<To extends RefundStatus>(
  db: Db,
  which: SQL,
  to: To,
  opts: {
    from?: readonly EntriesOf<typeof REFUND_MOVES, To>[];
    set?: Omit<PgUpdateSetSource<typeof refunds>, 'status' | 'updatedAt'>;
  } = {},
): Promise<RefundRow[]> {
  const from = fromStates('refund', REFUND_MOVES, to, opts.from);
  return db
    .update(refunds)
    .set({ ...opts.set, status: to, updatedAt: new Date() })
    .where(and(which, inArray(refunds.status, from)))
    .returning();
}
