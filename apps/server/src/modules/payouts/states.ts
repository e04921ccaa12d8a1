import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { VendorState } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import {
  orderEarnings,
  payoutAccounts,
  payoutAdjustments,
  type AdjustmentState,
  type SplitState,
} from '../../db/schema';
import { fromStates, type EntriesOf, type Moves } from '../../lib/state-machine';

/**
 * Where an order's editor share stands at the gateway, and how it may move. The split job decides
 * (waiting for an active vendor, requested, done with nothing to send, or missed: the gateway will never
 * take this split, past its window or after a refund) from any state but done and missed; the gateway's
 * answer settles a requested split (done, failed, or missed, or back in line when it came too soon); an
 * active vendor puts waiting splits back in line (none), and an admin's Retry a failed one. A missed share is paid from Cutroom's balance when
 * it clears (release.ts).
 */
export const SPLIT_MOVES = {
  none: ['waiting', 'requested', 'done', 'missed'],
  waiting: ['none', 'waiting', 'requested', 'done', 'missed'],
  requested: ['none', 'waiting', 'requested', 'done', 'failed', 'missed'],
  done: [],
  failed: ['none', 'waiting', 'requested', 'done', 'missed'],
  missed: [],
} as const satisfies Moves<SplitState>;

/**
 * The editor's vendor account at the gateway, and how it may move. Details saved for the first time
 * make it pending; the vendor job, the status webhook and the watch then record whatever the gateway
 * says (in_review, action_required, active, blocked or failed; vendor-statuses.ts maps Cashfree's
 * statuses) from any of those; saving new details keeps an active vendor active and makes any other
 * pending; an admin's Retry takes a failed one, or one the gateway needs something for, back to
 * pending. Nothing returns to not_created (the state of an editor without an account row).
 */
const GATEWAY_SAYS = ['pending', 'in_review', 'action_required', 'active', 'blocked', 'failed'] as const;
export const VENDOR_MOVES = {
  not_created: ['pending'],
  pending: GATEWAY_SAYS,
  in_review: GATEWAY_SAYS,
  action_required: GATEWAY_SAYS,
  active: GATEWAY_SAYS,
  blocked: GATEWAY_SAYS,
  failed: GATEWAY_SAYS,
} as const satisfies Moves<VendorState>;

/**
 * A refund's take-back from the vendor balance (a DEBIT adjustment), and how it may move. The job's
 * gateway answer settles a requested one (done or failed); an admin's Retry puts a failed one back in
 * line. Done is final.
 */
export const ADJUSTMENT_MOVES = {
  requested: ['done', 'failed'],
  done: [],
  failed: ['requested'],
} as const satisfies Moves<AdjustmentState>;

type EarningsRow = typeof orderEarnings.$inferSelect;
type AdjustmentRow = typeof payoutAdjustments.$inferSelect;
type AccountRow = typeof payoutAccounts.$inferSelect;
type EarningsChange = Partial<Pick<EarningsRow, 'splitPaise' | 'splitError'>>;
type AccountChange = Partial<Omit<AccountRow, 'editorId' | 'vendorId' | 'vendorState' | 'createdAt'>>;

/**
 * The one way a split state changes: a conditional UPDATE of the matching earnings from the states the
 * table allows (or the caller's narrower `from`), with `updatedAt`. Returns the rows that moved; none
 * when a concurrent change won.
 */
export function moveSplit<To extends SplitState>(
  db: Db,
  which: SQL,
  to: To,
  opts: { from?: readonly EntriesOf<typeof SPLIT_MOVES, To>[]; set?: EarningsChange } = {},
): Promise<EarningsRow[]> {
  const from = fromStates('split', SPLIT_MOVES, to, opts.from);
  return db
    .update(orderEarnings)
    .set({ ...opts.set, splitState: to, updatedAt: sql`now()` })
    .where(and(which, inArray(orderEarnings.splitState, from)))
    .returning();
}

/**
 * The one way a vendor state changes: a conditional UPDATE of the matching account from the states the
 * table allows (or the caller's narrower `from`). `updatedAt` is the time the details were saved, so
 * only a save sets it (through `set`), never the gateway's answer.
 */
export function moveVendor<To extends VendorState>(
  db: Db,
  which: SQL,
  to: To,
  opts: { from?: readonly EntriesOf<typeof VENDOR_MOVES, To>[]; set?: AccountChange } = {},
): Promise<AccountRow[]> {
  const from = fromStates('vendor', VENDOR_MOVES, to, opts.from);
  return db
    .update(payoutAccounts)
    .set({ ...opts.set, vendorState: to })
    .where(and(which, inArray(payoutAccounts.vendorState, from)))
    .returning();
}

/**
 * The one way an adjustment's state changes: a conditional UPDATE from the states the table allows (or
 * the caller's narrower `from`), with `updatedAt` and the gateway's reason (cleared unless given).
 */
export function moveAdjustment<To extends AdjustmentState>(
  db: Db,
  id: string,
  to: To,
  opts: { from?: readonly EntriesOf<typeof ADJUSTMENT_MOVES, To>[]; error?: string | null } = {},
): Promise<AdjustmentRow[]> {
  const from = fromStates('adjustment', ADJUSTMENT_MOVES, to, opts.from);
  return db
    .update(payoutAdjustments)
    .set({ state: to, error: opts.error ?? null, updatedAt: sql`now()` })
    .where(and(eq(payoutAdjustments.id, id), inArray(payoutAdjustments.state, from)))
    .returning();
}
