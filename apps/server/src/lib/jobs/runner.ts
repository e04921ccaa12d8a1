import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import {
  claimJob,
  completeJob,
  failAttempt,
  findJob,
  insertJob,
  listJobs,
  recoverExpiredJobs,
  releaseJob,
  renewLeases,
  retryFailedJob,
  type JobRow,
  type JobStatus,
} from './store';
import { JobTimeoutError, ShutdownSignal, duration, untilAborted } from './abort';
import { PermanentJobError, type JobDefinition, type JobRunnerOptions } from './definition';

const DEFAULT_BACKOFF = { baseMs: 5_000, maxMs: 5 * 60_000 };
const SHUTDOWN_GRACE_MS = 5_000;

interface Running {
  job: JobRow;
  abort: AbortController;
  done: Promise<void>;
}

/**
 * The persisted background-job runner: every job is a row in `jobs`; this process claims due rows of
 * the kinds it knows, runs each with a timeout, retries with backoff, and records the outcome.
 */
export class JobRunner {
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly running = new Map<string, Running>();
  private readonly concurrency: number;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private busy = 0;
  private slotWaiters: (() => void)[] = [];
  private started = false;
  private stopping = false;
  private ticking = false;
  private tickAgain = false;
  private lastRecovery = 0;
  private timers: NodeJS.Timeout[] = [];
  /** Claims sent to the database and not yet answered: stop() waits for them (see claim()). */
  private readonly claiming = new Set<Promise<unknown>>();

  constructor(private readonly opts: JobRunnerOptions) {
    this.concurrency = opts.concurrency ?? 2;
    this.pollMs = opts.pollMs ?? 1_000;
    this.leaseMs = opts.leaseMs ?? 30_000;
  }

  /** Declares a kind of job this instance can run; before start(). */
  define<P>(kind: string, definition: JobDefinition<P>): void {
    if (this.definitions.has(kind)) throw new Error(`job kind ${kind} is already defined`);
    this.definitions.set(kind, definition as JobDefinition);
  }

  /**
   * Records a job. With `db` (a transaction) the row is part of the caller's write, and the caller
   * calls dispatch(row) after commit; the poll finds it anyway if that call is lost.
   */
  async enqueue<P extends Record<string, unknown>>(
    kind: string,
    payload: P,
    opts: { db?: Db; delayMs?: number } = {},
  ): Promise<JobRow> {
    const definition = this.definitions.get(kind);
    if (!definition) throw new Error(`unknown job kind ${kind}`);
    const row = await insertJob(opts.db ?? this.opts.db, {
      kind,
      payload,
      maxAttempts: definition.maxAttempts ?? 3,
      delayMs: opts.delayMs,
    });
    if (!opts.db) this.dispatch(row);
    return row;
  }

  /** Tells the runners a job is waiting (through the dispatcher when there is one). */
  dispatch(job: Pick<JobRow, 'id' | 'runAfter'>): void {
    const delayMs = Math.max(0, job.runAfter.getTime() - Date.now());
    if (this.opts.dispatcher) {
      this.opts.dispatcher.dispatch(job.id, delayMs).catch((err) => {
        this.opts.log.warn({ err, jobId: job.id }, 'job wake-up not sent; the poll will find the job');
      });
    } else if (delayMs === 0) {
      this.wake();
    }
  }

  /** Queues a failed job again with fresh attempts; null when it is not failed. */
  async retry(id: string): Promise<JobRow | null> {
    const row = await retryFailedJob(this.opts.db, id);
    if (row) this.dispatch(row);
    return row;
  }

  get(id: string): Promise<JobRow | null> {
    return findJob(this.opts.db, id);
  }

  list(opts: { status?: JobStatus; kind?: string; limit?: number } = {}): Promise<JobRow[]> {
    return listJobs(this.opts.db, { ...opts, limit: Math.min(opts.limit ?? 50, 100) });
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.timers.push(setInterval(() => this.wake(), this.pollMs).unref());
    this.timers.push(setInterval(() => void this.renewLeases(), Math.max(50, this.leaseMs / 3)).unref());
    this.opts.dispatcher?.start((id) => this.runById(id));
    this.wake();
  }

  /** Stops claiming, aborts what runs and gives it back to the queue so another start runs it at once. */
  async stop(): Promise<void> {
    if (!this.started || this.stopping) return;
    this.stopping = true;
    for (const t of this.timers) clearInterval(t);
    // A claim already sent may still return a job; once answered, that job is in `running` (aborted at
    // once by execute()) and is handed back below with the rest, not left to run on a closed database.
    await this.settle(Promise.allSettled([...this.claiming]));
    await new Promise((resolve) => setImmediate(resolve));
    for (const r of this.running.values()) r.abort.abort(new ShutdownSignal('server stopping'));
    await this.settle(Promise.allSettled([...this.running.values()].map((r) => r.done)));
    for (const waiter of this.slotWaiters.splice(0)) waiter();
    await this.opts.dispatcher?.close();
  }

  /** Waits for `work`, at most the shutdown grace. */
  private settle(work: Promise<unknown>): Promise<unknown> {
    return Promise.race([work, new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS).unref())]);
  }

  /** claimJob, remembered while it is in flight. */
  private claim(token: string, id?: string): Promise<JobRow | null> {
    const pending = claimJob(this.opts.db, { kinds: this.kinds, token, leaseMs: this.leaseMs, id });
    this.claiming.add(pending);
    const forget = () => void this.claiming.delete(pending);
    pending.then(forget, forget);
    return pending;
  }

  /** Looks for due work now (coalesces concurrent calls). */
  wake(): void {
    if (!this.started || this.stopping) return;
    if (this.ticking) {
      this.tickAgain = true;
      return;
    }
    this.ticking = true;
    void this.tick().finally(() => {
      this.ticking = false;
      if (this.tickAgain) {
        this.tickAgain = false;
        this.wake();
      }
    });
  }

  private get kinds(): string[] {
    return [...this.definitions.keys()];
  }

  private async tick(): Promise<void> {
    try {
      if (Date.now() - this.lastRecovery >= this.leaseMs / 2) {
        this.lastRecovery = Date.now();
        await this.recover();
      }
      while (this.reserveSlot()) {
        const token = randomUUID();
        const job = await this.claim(token);
        if (!job) {
          this.releaseSlot();
          break;
        }
        void this.execute(job, token);
      }
    } catch (err) {
      if (!this.stopping) this.opts.log.error({ err }, 'job poll failed');
    }
  }

  /** Runs one job if it is due and unclaimed; used by the dispatcher. Resolves when it has finished. */
  private async runById(id: string): Promise<void> {
    while (!this.reserveSlot()) {
      if (this.stopping) return;
      await new Promise<void>((resolve) => this.slotWaiters.push(resolve));
    }
    const token = randomUUID();
    let job: JobRow | null = null;
    try {
      job = await this.claim(token, id);
    } finally {
      if (!job) this.releaseSlot();
    }
    if (job) await this.execute(job, token);
  }

  private reserveSlot(): boolean {
    if (this.stopping || this.busy >= this.concurrency) return false;
    this.busy++;
    return true;
  }

  private releaseSlot(): void {
    this.busy--;
    for (const waiter of this.slotWaiters.splice(0)) waiter();
  }

  private execute(job: JobRow, token: string): Promise<void> {
    const abort = new AbortController();
    // Claimed while stop() was waiting for the claim: give it straight back instead of starting it.
    if (this.stopping) abort.abort(new ShutdownSignal('server stopping'));
    const done = this.attempt(job, token, abort).finally(() => {
      this.running.delete(token);
      this.releaseSlot();
      this.wake();
    });
    this.running.set(token, { job, abort, done });
    return done;
  }

  private async attempt(job: JobRow, token: string, abort: AbortController): Promise<void> {
    const definition = this.definitions.get(job.kind)!;
    const log = this.opts.log.child({ jobId: job.id, kind: job.kind, attempt: job.attempts });
    const timer = setTimeout(
      () => abort.abort(new JobTimeoutError(`Timed out after ${duration(definition.timeoutMs)}`)),
      definition.timeoutMs,
    );
    try {
      abort.signal.throwIfAborted();
      await untilAborted(definition.handler(job.payload, { job, signal: abort.signal, log }), abort.signal);
      if (!(await completeJob(this.opts.db, job.id, token))) {
        log.warn('job finished after its claim had expired; the newer claim decides');
      }
    } catch (err) {
      if (abort.signal.reason instanceof ShutdownSignal) {
        // Back in the queue, and (with Redis) straight to another instance that is still running.
        const row = await releaseJob(this.opts.db, job.id, token).catch((e) => {
          log.error({ err: e }, 'job not released; its lease will expire and it will run again');
          return null;
        });
        if (row) this.dispatch(row);
        return;
      }
      const backoff = definition.backoff ?? DEFAULT_BACKOFF;
      const retryInMs = Math.min(backoff.baseMs * 2 ** Math.max(0, job.attempts - 1), backoff.maxMs);
      const message = err instanceof Error ? err.message : String(err);
      log.warn({ err }, 'job attempt failed');
      try {
        const row = await failAttempt(this.opts.db, job.id, token, {
          error: message,
          retryInMs,
          permanent: err instanceof PermanentJobError,
        });
        if (row?.status === 'failed') await this.failedForGood(row);
        else if (row) this.dispatch(row);
      } catch (e) {
        log.error({ err: e }, 'job failure not recorded; its lease will expire and it will run again');
      }
    } finally {
      clearTimeout(timer);
    }
  }

  private async failedForGood(row: JobRow): Promise<void> {
    this.opts.log.error({ jobId: row.id, kind: row.kind, error: row.lastError }, 'job failed');
    try {
      await this.definitions.get(row.kind)?.onFailed?.(row);
    } catch (err) {
      this.opts.log.error({ err, jobId: row.id }, 'job onFailed handler failed');
    }
  }

  private async recover(): Promise<void> {
    const rows = await recoverExpiredJobs(this.opts.db);
    for (const row of rows) {
      this.opts.log.warn({ jobId: row.id, kind: row.kind, status: row.status }, 'recovered an abandoned job');
      if (row.status === 'failed' && this.definitions.has(row.kind)) await this.failedForGood(row);
      else if (row.status === 'queued') this.dispatch(row);
    }
  }

  private async renewLeases(): Promise<void> {
    if (this.running.size === 0) return;
    try {
      await renewLeases(this.opts.db, [...this.running.keys()], this.leaseMs);
    } catch (err) {
      this.opts.log.warn({ err }, 'job leases not renewed');
    }
  }
}
