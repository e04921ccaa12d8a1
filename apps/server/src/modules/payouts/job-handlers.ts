import type { FastifyInstance } from 'fastify';
import { simulatorSplitsFor } from '../payments';
import { SIMULATOR_REVIEW_VENDOR_JOB, SIMULATOR_SETTLE_JOB } from '../payments';
import type { PayoutsContext } from './context';
import { clearOrder } from './earnings';
import { adjustmentJobFailed, splitJobFailed } from './job-failures';
import { PAYOUT_JOBS, PAYOUT_JOB_ATTEMPTS } from './jobs';
import { releaseShare } from './release';
import { applyAdjustment, splitOrderShare } from './splits';
import { releaseHold, syncVendor } from './vendors';
import { pollVendor } from './vendor-watch';

const backoff = { baseMs: 5_000, maxMs: 10 * 60_000 };

/** The payout jobs; each handler re-reads state, so a stale or repeated job changes nothing. */
export function definePayoutJobs(app: FastifyInstance, ctx: PayoutsContext): void {
  const common = { timeoutMs: 30_000, maxAttempts: PAYOUT_JOB_ATTEMPTS, backoff };
  app.jobs.define<{ orderId: string }>(PAYOUT_JOBS.clear, {
    ...common,
    handler: async ({ orderId }) => {
      await ctx.db.transaction((tx) => clearOrder(tx, orderId));
    },
  });
  app.jobs.define<{ orderId: string }>(PAYOUT_JOBS.split, {
    ...common,
    handler: ({ orderId }) => splitOrderShare(ctx, orderId),
    onFailed: (job) => splitJobFailed(ctx, job),
  });
  app.jobs.define<{ orderId: string }>(PAYOUT_JOBS.release, {
    ...common,
    handler: ({ orderId }) => releaseShare(ctx, orderId),
  });
  app.jobs.define<{ adjustmentId: string }>(PAYOUT_JOBS.adjust, {
    ...common,
    handler: ({ adjustmentId }) => applyAdjustment(ctx, adjustmentId),
    onFailed: (job) => adjustmentJobFailed(ctx, job),
  });
  app.jobs.define<{ editorId: string }>(PAYOUT_JOBS.vendor, {
    ...common,
    handler: ({ editorId }) => syncVendor(ctx, editorId),
  });
  app.jobs.define<{ editorId: string; round?: number }>(PAYOUT_JOBS.vendorWatch, {
    ...common,
    handler: ({ editorId, round }) => pollVendor(ctx, editorId, round ?? 0),
  });
  app.jobs.define<{ editorId: string }>(PAYOUT_JOBS.releaseHold, {
    ...common,
    handler: ({ editorId }) => releaseHold(ctx, editorId),
  });
  const simulator = simulatorSplitsFor(app);
  if (simulator) {
    app.jobs.define<{ vendorId: string }>(SIMULATOR_SETTLE_JOB, {
      ...common,
      handler: ({ vendorId }) => simulator.settleVendor(vendorId),
    });
    app.jobs.define<{ vendorId: string }>(SIMULATOR_REVIEW_VENDOR_JOB, {
      ...common,
      handler: ({ vendorId }) => simulator.vendors.review(vendorId),
    });
  }
}
