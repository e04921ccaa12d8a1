import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const jobStatus = pgEnum('job_status', ['queued', 'running', 'done', 'failed']);

/**
 * Background work, recorded here whatever runs it (the in-process runner, or BullMQ wake-ups with Redis):
 * a job survives a crash because its row does. A `running` row whose lease (lockedUntil) has expired
 * belongs to a runner that died, and is picked up again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: jobStatus('status').notNull().default('queued'),
    /** Claims so far, the current one included. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    /** Not claimed before this time (delayed start, backoff between attempts). */
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** Lease of the runner holding a `running` job; renewed while it works. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Token of the claim holding the job, so that a runner whose lease was lost cannot overwrite it. */
    lockedBy: text('locked_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('jobs_status_run_after_idx').on(t.status, t.runAfter)],
);
