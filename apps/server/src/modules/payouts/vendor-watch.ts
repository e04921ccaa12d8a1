import { eq } from 'drizzle-orm';
import { payoutAccounts } from '../../db/schema';
import type { PayoutsContext } from './context';
import { vendorKycOf } from './vendor-kyc';
import { recordVendorStatus, watchVendor } from './vendor-status';
import { isWatched } from './vendor-statuses';
import { syncVendor } from './vendors';

/**
 * One round of the vendor watch (the polling fallback for VENDOR_STATUS_UPDATE): while the gateway
 * reviews the vendor or needs something, read it again; then the next round, later.
 *
 * A PAN or GSTIN saved in the tax profile after the vendor was sent is noticed here (its fingerprint
 * differs) and the vendor is updated with it. Tax emits no event for a saved profile, and payouts may
 * not be imported by tax, so this job, which runs anyway while the vendor waits, is where the new
 * numbers are picked up: within one polling interval, with no coupling added between the modules.
 */
export async function pollVendor(ctx: PayoutsContext, editorId: string, round: number): Promise<void> {
  const [row] = await ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.editorId, editorId));
  if (!row || !isWatched(row.vendorState)) return;
  const { fingerprint } = await vendorKycOf(ctx, editorId);
  if (fingerprint !== row.kycSent) {
    // syncVendor starts a new watch when the vendor still waits.
    await syncVendor(ctx, editorId);
    return;
  }
  const observedAt = new Date();
  const vendor = await ctx.gateway.getVendor(row.vendorId);
  if (!vendor) return;
  const which = eq(payoutAccounts.editorId, editorId);
  const moved = await recordVendorStatus(ctx, which, {
    status: vendor.status,
    remarks: vendor.remarks,
    observedAt,
  });
  const state = moved?.vendorState ?? row.vendorState;
  if (isWatched(state)) await watchVendor(ctx, editorId, round + 1);
}
