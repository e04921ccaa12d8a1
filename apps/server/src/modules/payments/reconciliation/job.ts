import type { FastifyInstance } from 'fastify';
import { defineRepeatingJob } from '../../../lib/jobs/repeating';
import type { PaymentsContext } from '../context';
import { RECONCILE_JOB, runReconciliation } from './run';

/** The durable, repeating job: each run queues the next, so one chain survives restarts and crashes. */
export { RECONCILE_JOB };

/**
 * Defines the reconciliation job and makes sure one is queued when the server starts (so a pass runs at
 * start, and the chain goes on if a crash broke it). Instances sharing a database keep one chain.
 */
export function defineReconciliation(app: FastifyInstance, ctx: () => PaymentsContext): void {
  defineRepeatingJob(app, {
    kind: RECONCILE_JOB,
    everySeconds: app.config.RECONCILE_INTERVAL_SECONDS,
    timeoutMs: 5 * 60_000,
    run: () => runReconciliation(ctx(), 'schedule').then(() => undefined),
  });
}
