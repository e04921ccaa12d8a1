import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { JobRow } from './store';

// The contract between the runner and the modules: job kinds and dispatchers are written against these
// types alone, so they need not import the runner (and the runner can change inside without them).

export interface JobContext {
  job: JobRow;
  /** Aborted on timeout and on shutdown: stop work (kill child processes) when it fires. */
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

export interface JobDefinition<P = any> {
  handler(payload: P, ctx: JobContext): Promise<void>;
  /** One attempt may take this long; then it is aborted and counts as failed. */
  timeoutMs: number;
  maxAttempts?: number;
  /** Wait before attempt n+1: min(baseMs * 2^(n-1), maxMs). */
  backoff?: { baseMs: number; maxMs: number };
  /** Called once when the job has failed for good (the row carries lastError). */
  onFailed?(job: JobRow): Promise<void>;
}

/** A failure that another attempt cannot fix (missing tool, unreadable input): no retries. */
export class PermanentJobError extends Error {}

/**
 * How jobs reach runners across instances. Without one, each runner polls the table. With one
 * (BullMQ on Redis), `dispatch` sends a wake-up for one job and the dispatcher calls `run(id)` on
 * whichever instance receives it; the table still arbitrates the claim and keeps the record.
 */
export interface JobDispatcher {
  dispatch(jobId: string, delayMs: number): Promise<void>;
  start(run: (jobId: string) => Promise<void>): void;
  close(): Promise<void>;
}

export interface JobRunnerOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** Jobs this instance runs at once. */
  concurrency?: number;
  /** Safety-net poll of the table: due jobs, delayed retries, leases of dead runners. */
  pollMs?: number;
  /** A claim is held this long and renewed at a third of it while the job runs. */
  leaseMs?: number;
  dispatcher?: JobDispatcher;
}
