import { and, asc, desc, eq, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';

export type JobRow = typeof jobs.$inferSelect;
export type JobStatus = JobRow['status'];

/** Every time below is the database's clock, so that instances with skewed clocks agree. */
const secondsFromNow = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

export interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
  maxAttempts: number;
  /** Not before this many milliseconds from now. */
  delayMs?: number;
}

/** Records a job; pass a transaction to make it part of the caller's own write. */
export async function insertJob(db: Db, job: NewJob): Promise<JobRow> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload,
      maxAttempts: job.maxAttempts,
      runAfter: job.delayMs ? secondsFromNow(job.delayMs) : sql`now()`,
    })
    .returning();
  return row!;
}

/**
 * Claims the next due job of the given kinds (or that one job) for `token`, atomically: the row is
 * locked with SKIP LOCKED, so concurrent runners on any number of instances never claim the same job.
 */
export async function claimJob(
  db: Db,
  opts: { kinds: string[]; token: string; leaseMs: number; id?: string },
): Promise<JobRow | null> {
  if (opts.kinds.length === 0) return null;
  const conditions: SQL[] = [
    eq(jobs.status, 'queued'),
    lte(jobs.runAfter, sql`now()`),
    inArray(jobs.kind, opts.kinds),
  ];
  if (opts.id) conditions.push(eq(jobs.id, opts.id));
  const next = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(...conditions))
    .orderBy(asc(jobs.runAfter))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedBy: opts.token,
      lockedUntil: secondsFromNow(opts.leaseMs),
      updatedAt: sql`now()`,
    })
    .where(eq(jobs.id, sql`(${next})`))
    .returning();
  return row ?? null;
}

/** Extends the leases of the jobs these claim tokens hold. */
export async function renewLeases(db: Db, tokens: string[], leaseMs: number): Promise<void> {
  if (tokens.length === 0) return;
  await db
    .update(jobs)
    .set({ lockedUntil: secondsFromNow(leaseMs) })
    .where(and(eq(jobs.status, 'running'), inArray(jobs.lockedBy, tokens)));
}

const heldBy = (id: string, token: string) =>
  and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.lockedBy, token));
const unlocked = { lockedBy: null, lockedUntil: null, updatedAt: sql`now()` } as const;

/** Marks a job done; false when the claim was lost meanwhile (its lease expired and another took it). */
export async function completeJob(db: Db, id: string, token: string): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'done', lastError: null, ...unlocked })
    .where(heldBy(id, token))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Records a failed attempt: queued again after `retryInMs`, or failed for good when the attempts are
 * used up or `permanent`. Returns the row as it now is, or null when the claim was lost.
 */
export async function failAttempt(
  db: Db,
  id: string,
  token: string,
  opts: { error: string; retryInMs: number; permanent: boolean },
): Promise<JobRow | null> {
  const giveUp = opts.permanent ? sql`true` : sql`${jobs.attempts} >= ${jobs.maxAttempts}`;
  const [row] = await db
    .update(jobs)
    .set({
      status: sql`case when ${giveUp} then 'failed'::job_status else 'queued'::job_status end`,
      runAfter: sql`case when ${giveUp} then ${jobs.runAfter} else ${secondsFromNow(opts.retryInMs)} end`,
      lastError: opts.error.slice(0, 2000),
      ...unlocked,
    })
    .where(heldBy(id, token))
    .returning();
  return row ?? null;
}

/** Gives a claimed job back untouched (graceful shutdown): the interrupted attempt does not count. */
export async function releaseJob(db: Db, id: string, token: string): Promise<JobRow | null> {
  const [row] = await db
    .update(jobs)
    .set({
      status: 'queued',
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
      runAfter: sql`now()`,
      ...unlocked,
    })
    .where(heldBy(id, token))
    .returning();
  return row ?? null;
}

/**
 * Jobs left `running` by a runner that died (lease expired): queued again, or failed when that was
 * their last attempt, so a job that crashes the process cannot crash it forever. Returns the rows.
 */
export async function recoverExpiredJobs(db: Db): Promise<JobRow[]> {
  const giveUp = sql`${jobs.attempts} >= ${jobs.maxAttempts}`;
  return db
    .update(jobs)
    .set({
      status: sql`case when ${giveUp} then 'failed'::job_status else 'queued'::job_status end`,
      runAfter: sql`now()`,
      lastError: 'Interrupted: the server stopped while this job was running',
      ...unlocked,
    })
    .where(and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, sql`now()`)))
    .returning();
}

/** Puts a failed job back in the queue with a fresh set of attempts; null when it is not failed. */
export async function retryFailedJob(db: Db, id: string): Promise<JobRow | null> {
  const [row] = await db
    .update(jobs)
    .set({ status: 'queued', attempts: 0, runAfter: sql`now()`, ...unlocked })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'failed')))
    .returning();
  return row ?? null;
}

export async function findJob(db: Db, id: string): Promise<JobRow | null> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row ?? null;
}

/** Most recently scheduled first (served by the status + runAfter index), for an operator's view. */
export async function listJobs(
  db: Db,
  opts: { status?: JobStatus; kind?: string; limit: number },
): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(
      and(
        opts.status ? eq(jobs.status, opts.status) : undefined,
        opts.kind ? eq(jobs.kind, opts.kind) : undefined,
      ),
    )
    .orderBy(desc(jobs.runAfter))
    .limit(opts.limit);
}
