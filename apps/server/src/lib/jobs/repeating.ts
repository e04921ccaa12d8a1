import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { jobs } from '../../db/schema';
import { insertJob } from './store';

export interface RepeatingJob {
  kind: string;
  /** Seconds between runs; 0 defines the kind but queues nothing (runs come only from elsewhere). */
  everySeconds: number;
  timeoutMs: number;
  run(): Promise<void>;
}

/**
 * A durable job that repeats: each run (or its final failure) queues the next, and one is queued when
 * the server starts if none is waiting, so the chain survives restarts and crashes, and instances
 * sharing a database keep one chain (the check at start runs under an advisory lock).
 */
export function defineRepeatingJob(app: FastifyInstance, job: RepeatingJob): void {
  const every = job.everySeconds;
  const queueNext = async () =>
    app.jobs.dispatch(
      await insertJob(app.db, { kind: job.kind, payload: {}, maxAttempts: 3, delayMs: every * 1000 }),
    );
  app.jobs.define<Record<string, never>>(job.kind, {
    timeoutMs: job.timeoutMs,
    maxAttempts: 3,
    backoff: { baseMs: 10_000, maxMs: 60_000 },
    handler: async () => {
      await job.run();
      if (every > 0) await queueNext();
    },
    onFailed: async () => {
      if (every > 0) await queueNext();
    },
  });
  if (every === 0) return;
  app.addHook('onReady', async () => {
    const row = await app.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${job.kind}))`);
      const [queued] = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.kind, job.kind), inArray(jobs.status, ['queued', 'running'])))
        .limit(1);
      return queued ? null : insertJob(tx, { kind: job.kind, payload: {}, maxAttempts: 3 });
    });
    if (row) app.jobs.dispatch(row);
  });
}
