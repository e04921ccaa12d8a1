import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { BullmqDispatcher } from './bullmq-dispatcher';
import { JobRunner } from './runner';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs: modules define their kinds at registration; running starts when the server is ready. */
    jobs: JobRunner;
  }
}

/**
 * One queue per database: instances sharing a database share the wake-ups, while separate
 * deployments (or test servers) sharing one Redis never take each other's messages. Only the
 * database's location goes into the name, never its credentials.
 */
export function jobQueueName(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): string {
  let where = `pglite:${config.DATA_DIR}`;
  if (config.DATABASE_URL) {
    const u = new URL(config.DATABASE_URL);
    where = `pg:${u.hostname}:${u.port || '5432'}${u.pathname}`;
  }
  return `jobs-${createHash('sha256').update(where).digest('hex').slice(0, 16)}`;
}

export const jobsPlugin = fp(
  async (app: FastifyInstance) => {
    const redisUrl = app.config.REDIS_URL;
    const concurrency = 2;
    const log = app.log.child({ component: 'jobs' });
    const runner = new JobRunner({
      db: app.db,
      log,
      concurrency,
      // With Redis the wake-ups arrive at once; the poll only sweeps up what a lost message left behind.
      pollMs: redisUrl ? 10_000 : 1_000,
      dispatcher: redisUrl
        ? new BullmqDispatcher({ redisUrl, queueName: jobQueueName(app.config), concurrency, log })
        : undefined,
    });
    app.decorate('jobs', runner);
    app.addHook('onReady', async () => runner.start());
    // preClose: before the database closes, so running jobs can be handed back to the queue.
    app.addHook('preClose', async () => runner.stop());
  },
  { name: 'jobs' },
);
