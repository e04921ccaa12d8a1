import { and, eq, sql } from 'drizzle-orm';
import {
  maskPayoutDetails,
  type PayoutAccount,
  type PayoutDetails,
  type VendorState,
} from '@cutroom/contracts';
import { payoutAccounts, users } from '../../db/schema';
import { insertJob } from '../../lib/jobs/store';
import { GatewayError } from '../payments';
import type { GatewayVendorInput } from '../payments';
import { PAYOUT_HOLD_MS, type PayoutsContext } from './context';
import { PAYOUT_JOBS, PAYOUT_JOB_ATTEMPTS } from './jobs';
import { openDetails, sealDetails } from './sealed-details';
import { moveVendor } from './states';
import { vendorKycOf, type VendorDocument } from './vendor-kyc';
import { recordVendorStatus, watchVendor } from './vendor-status';
import { isWatched } from './vendor-statuses';

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

/** Ours, stable per editor: Cashfree allows letters, digits and '_' in a vendor id. */
export const vendorIdOf = (editorId: string) => `ED_${editorId.replace(/-/g, '')}`;

export function toPayoutAccount(row: PayoutAccountRow): PayoutAccount {
  const held = row.heldUntil && row.heldUntil.getTime() > Date.now() ? row.heldUntil : null;
  return {
    method: row.method,
    accountHolder: row.accountHolder,
    masked: row.masked,
    vendorState: row.vendorState as VendorState,
    vendorError: row.vendorError,
    gatewayStatus: row.gatewayStatus,
    heldUntil: held?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Saves an editor's payout details, sealed; the gateway's vendor is created or updated by a job. A change
 * (not the first entry) holds payouts for 24 hours and sends a security notice, so a stolen session
 * cannot redirect money before the editor hears of it.
 */
export async function savePayoutDetails(
  ctx: PayoutsContext,
  editorId: string,
  details: PayoutDetails,
): Promise<PayoutAccount> {
  const masked = maskPayoutDetails(details);
  const sealed = sealDetails(ctx.key, editorId, details);
  const { row, changed, jobs } = await ctx.db.transaction(async (tx) => {
    // Two first saves at once would both find no row and the second insert would fail: one at a time.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payout-details:${editorId}`}))`);
    const [before] = await tx
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.editorId, editorId))
      .for('update');
    const heldUntil = before ? new Date(Date.now() + PAYOUT_HOLD_MS) : null;
    const vendorState = before?.vendorState === 'active' ? 'active' : 'pending';
    const values = {
      method: details.method,
      accountHolder: details.accountHolder,
      detailsSealed: sealed,
      masked,
      vendorError: null,
      heldUntil,
      updatedAt: new Date(),
    };
    const [saved] = before
      ? await moveVendor(tx, eq(payoutAccounts.editorId, editorId), vendorState, { set: values })
      : await tx
          .insert(payoutAccounts)
          .values({ editorId, vendorId: vendorIdOf(editorId), vendorState, ...values })
          .returning();
    const queued = [
      await insertJob(tx, {
        kind: PAYOUT_JOBS.vendor,
        payload: { editorId },
        maxAttempts: PAYOUT_JOB_ATTEMPTS,
      }),
    ];
    if (heldUntil) {
      queued.push(
        await insertJob(tx, {
          kind: PAYOUT_JOBS.releaseHold,
          payload: { editorId },
          maxAttempts: PAYOUT_JOB_ATTEMPTS,
          delayMs: PAYOUT_HOLD_MS,
        }),
      );
    }
    return { row: saved!, changed: Boolean(before), jobs: queued };
  });
  for (const job of jobs) ctx.jobs.dispatch(job);
  if (changed) await announceChange(ctx, row);
  return toPayoutAccount(row);
}

async function announceChange(ctx: PayoutsContext, row: PayoutAccountRow): Promise<void> {
  const [editor] = await ctx.db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, row.editorId));
  const at = row.updatedAt;
  const link = '/profile/earnings';
  await ctx.notifier
    .notify([
      {
        userId: row.editorId,
        kind: 'payout_details_changed',
        title: 'Your payout details were changed',
        body: `Payouts now go to ${row.masked} and are held for 24 hours. If this was not you, contact us now.`,
        link,
        dedupeKey: `payout-details:${at.getTime()}`,
        mail: {
          kind: 'payout_details_changed',
          username: editor?.username ?? '',
          at: at.toISOString(),
          masked: row.masked,
          heldUntil: (row.heldUntil ?? at).toISOString(),
          link,
        },
      },
    ])
    .catch((err) => ctx.log.error({ err }, 'payout details notice not filed'));
}

/**
 * The vendor job: creates the editor's vendor at the gateway, or updates it with the current details
 * and KYC numbers (BLOCKED while a hold runs). A refusal is kept as the account's error for the editor
 * and admins; otherwise the gateway's status is recorded (vendor-status.ts), and a vendor the gateway
 * reviews or needs something for is watched until it settles.
 */
export async function syncVendor(ctx: PayoutsContext, editorId: string): Promise<void> {
  const [row] = await ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.editorId, editorId));
  if (!row) return;
  const [editor] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, editorId));
  const details = openDetails(ctx.key, editorId, row.detailsSealed);
  const held = row.heldUntil !== null && row.heldUntil.getTime() > Date.now();
  const { kyc, documents, fingerprint } = await vendorKycOf(ctx, editorId);
  const input = {
    ...vendorInput(row.vendorId, details, editor?.email ?? null, held ? 'BLOCKED' : 'ACTIVE'),
    kyc,
  };
  // Only the details this job read: a newer save queued its own job.
  const these = and(
    eq(payoutAccounts.editorId, editorId),
    eq(payoutAccounts.detailsSealed, row.detailsSealed),
  )!;
  const observedAt = new Date();
  let vendor: { status: string; remarks: string | null };
  try {
    const existing = await ctx.gateway.getVendor(row.vendorId);
    vendor = existing ? await ctx.gateway.updateVendor(input) : await ctx.gateway.createVendor(input);
  } catch (err) {
    if (!(err instanceof GatewayError) || !err.definitive) throw err;
    await moveVendor(ctx.db, these, 'failed', { set: { vendorError: gatewayReason(err) } });
    return;
  }
  // The documents go once per change of the numbers (the fingerprint), refused or not: a refusal is the
  // vendor's reason until the editor corrects the number, which changes the fingerprint again.
  const refused = fingerprint === row.kycSent ? null : await uploadDocuments(ctx, row.vendorId, documents);
  await ctx.db.update(payoutAccounts).set({ kycSent: fingerprint }).where(these);
  let moved = await recordVendorStatus(ctx, these, {
    status: vendor.status,
    remarks: vendor.remarks,
    observedAt,
  });
  if (refused) {
    const [refusedRow] = await moveVendor(ctx.db, these, 'action_required', {
      set: { vendorError: refused },
    });
    moved = refusedRow ?? moved;
  }
  if (moved && isWatched(moved.vendorState)) await watchVendor(ctx, editorId);
}

/**
 * Uploads the editor's KYC documents by number; the first refusal is returned as the gateway's reason
 * (the numbers themselves are never logged nor kept in it). Anything but a definitive refusal throws,
 * and the job tries again.
 */
async function uploadDocuments(
  ctx: PayoutsContext,
  vendorId: string,
  documents: VendorDocument[],
): Promise<string | null> {
  for (const doc of documents) {
    try {
      await ctx.gateway.uploadVendorDocument({ vendorId, ...doc });
    } catch (err) {
      if (!(err instanceof GatewayError) || !err.definitive) throw err;
      return `${doc.docType}: ${gatewayReason(err)}`;
    }
  }
  return null;
}

/** The hold after a change ended: the vendor is active again at the gateway. */
export async function releaseHold(ctx: PayoutsContext, editorId: string): Promise<void> {
  const [row] = await ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.editorId, editorId));
  if (!row) return;
  // The job may wake a moment before the hold's end (two clocks): it tries again shortly.
  if (row.heldUntil && row.heldUntil.getTime() > Date.now())
    throw new Error('the payout hold is not over yet');
  await syncVendor(ctx, editorId);
}

function vendorInput(
  vendorId: string,
  d: PayoutDetails,
  email: string | null,
  status: 'ACTIVE' | 'BLOCKED',
): GatewayVendorInput {
  return {
    vendorId,
    name: d.accountHolder,
    // Cashfree requires an e-mail per vendor; editors made by admins may have none.
    email: email ?? `${vendorId.toLowerCase()}@vendors.cutroom.in`,
    phone: d.phone,
    status,
    destination:
      d.method === 'bank'
        ? { kind: 'bank', accountHolder: d.accountHolder, accountNumber: d.accountNumber, ifsc: d.ifsc }
        : { kind: 'upi', accountHolder: d.accountHolder, vpa: d.vpa },
  };
}

/** The gateway's reason, in its words, without our prefix. */
export function gatewayReason(err: GatewayError): string {
  return err.message.replace(/^The payment gateway refused the request: /, '');
}
