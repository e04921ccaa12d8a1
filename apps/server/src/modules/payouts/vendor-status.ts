import { and, eq, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { jobs, orderEarnings, payoutAccounts } from '../../db/schema';
import { insertJob } from '../../lib/jobs/store';
import type { GatewayEvent } from '../payments';
import type { PayoutsContext } from './context';
import { PAYOUT_JOBS, PAYOUT_JOB_ATTEMPTS } from './jobs';
import { moveSplit, moveVendor } from './states';
import { isWatched, vendorReasonOf, vendorStateOf } from './vendor-statuses';

type AccountRow = typeof payoutAccounts.$inferSelect;

/** What the gateway said of a vendor, and when we asked (or heard). */
export interface VendorObservation {
  status: string;
  remarks: string | null;
  observedAt: Date;
}

/** The longest wait between two re-reads of a vendor under review. */
const WATCH_MAX_MS = 6 * 60 * 60 * 1000;

/**
 * Records the gateway's status of the matching account, with its raw status and words, unless a later
 * observation is already recorded: a webhook heard while the create call was still answering, or a
 * slow poll, never takes the vendor back. An active vendor gets the splits that were waiting for it.
 */
export async function recordVendorStatus(
  ctx: PayoutsContext,
  which: SQL,
  seen: VendorObservation,
): Promise<AccountRow | null> {
  const [row] = await ctx.db.select().from(payoutAccounts).where(which);
  if (!row) return null;
  const held = row.heldUntil !== null && row.heldUntil.getTime() > Date.now();
  const state = vendorStateOf(seen.status, held);
  const notNewer = or(
    isNull(payoutAccounts.gatewayCheckedAt),
    lte(payoutAccounts.gatewayCheckedAt, seen.observedAt),
  );
  const [moved] = await moveVendor(ctx.db, and(which, notNewer)!, state, {
    set: {
      vendorError: vendorReasonOf(state, seen.status, seen.remarks),
      gatewayStatus: seen.status,
      gatewayRemarks: seen.remarks,
      gatewayCheckedAt: seen.observedAt,
    },
  });
  if (moved?.vendorState === 'active') await queueWaitingSplits(ctx, moved.editorId);
  return moved ?? null;
}

/**
 * VENDOR_STATUS_UPDATE: the webhook says a vendor's status changed, and we read the vendor again rather
 * than trust the body, so webhooks repeated, replayed or out of order all end in the gateway's current
 * status. The body's documents are the reason when the gateway's read gives none.
 */
export async function applyVendorStatusEvent(
  ctx: PayoutsContext,
  event: Extract<GatewayEvent, { kind: 'vendor_status' }>,
): Promise<'applied' | 'ignored'> {
  const which = eq(payoutAccounts.vendorId, event.vendorId);
  const [row] = await ctx.db.select({ editorId: payoutAccounts.editorId }).from(payoutAccounts).where(which);
  if (!row) return 'ignored';
  const observedAt = new Date();
  const vendor = await ctx.gateway.getVendor(event.vendorId);
  if (!vendor) return 'ignored';
  const remarks = vendor.remarks ?? (vendor.status === event.status ? event.reason : null);
  const moved = await recordVendorStatus(ctx, which, { status: vendor.status, remarks, observedAt });
  if (moved && isWatched(moved.vendorState)) await watchVendor(ctx, moved.editorId);
  return 'applied';
}

/**
 * Polling, the fallback for a lost webhook: a durable job re-reads a vendor under review or needing
 * action, after 1, 2, 4… times PAYOUT_VENDOR_POLL_SECONDS (at most 6 hours). One chain per editor: a
 * chain already queued is left to run.
 */
export async function watchVendor(ctx: PayoutsContext, editorId: string, round = 0): Promise<void> {
  const baseMs = ctx.config.PAYOUT_VENDOR_POLL_SECONDS * 1000;
  const job = await ctx.db.transaction(async (tx) => {
    // Webhooks arriving together would each find no chain queued: one at a time per editor.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`vendor-watch:${editorId}`}))`);
    const [queued] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, PAYOUT_JOBS.vendorWatch),
          eq(jobs.status, 'queued'),
          sql`${jobs.payload}->>'editorId' = ${editorId}`,
        ),
      )
      .limit(1);
    if (queued) return null;
    return insertJob(tx, {
      kind: PAYOUT_JOBS.vendorWatch,
      payload: { editorId, round },
      maxAttempts: PAYOUT_JOB_ATTEMPTS,
      delayMs: Math.min(baseMs * 2 ** Math.min(round, 20), WATCH_MAX_MS),
    });
  });
  if (job) ctx.jobs.dispatch(job);
}

/** The vendor is active (or its hold ended): the splits that waited for it are sent. */
export async function queueWaitingSplits(ctx: PayoutsContext, editorId: string): Promise<void> {
  const waiting = await moveSplit(ctx.db, eq(orderEarnings.editorId, editorId), 'none', {
    from: ['waiting'],
  });
  for (const { orderId } of waiting) {
    ctx.jobs.dispatch(
      await insertJob(ctx.db, {
        kind: PAYOUT_JOBS.split,
        payload: { orderId },
        maxAttempts: PAYOUT_JOB_ATTEMPTS,
      }),
    );
  }
}
