import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { jobs } from '../../../db/schema';
import { insertJob } from '../../../lib/jobs/store';
import type { PaymentsContext } from '../context';
import { RECONCILE_JOB, runReconciliation } from './run';

/** The durable, repeating job: each run queues the next, so one chain survives restarts and crashes. */
export { RECONCILE_JOB };

/**
 * Defines the reconciliation job and makes sure one is queued when the server starts (so a pass runs at
 * start, and the chain goes on if a crash broke it). Instances sharing a database keep one chain.
 */
export function defineReconciliation(app: FastifyInstance, ctx: () => PaymentsContext): void {
  const every = app.config.RECONCILE_INTERVAL_SECONDS;
  const queueNext = async () =>
    app.jobs.dispatch(
      await insertJob(app.db, { kind: RECONCILE_JOB, payload: {}, maxAttempts: 3, delayMs: every * 1000 }),
    );
  app.jobs.define<Record<string, never>>(RECONCILE_JOB, {
    timeoutMs: 5 * 60_000,
    maxAttempts: 3,
    backoff: { baseMs: 10_000, maxMs: 60_000 },
    handler: async () => {
      await runReconciliation(ctx(), 'schedule');
      if (every > 0) await queueNext();
    },
    onFailed: async () => {
      if (every > 0) await queueNext();
    },
  });
  if (every === 0) return;
  app.addHook('onReady', async () => {
    const row = await app.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${RECONCILE_JOB}))`);
      const [queued] = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.kind, RECONCILE_JOB), inArray(jobs.status, ['queued', 'running'])))
        .limit(1);
      return queued ? null : insertJob(tx, { kind: RECONCILE_JOB, payload: {}, maxAttempts: 3 });
    });
    if (row) app.jobs.dispatch(row);
  });
}
