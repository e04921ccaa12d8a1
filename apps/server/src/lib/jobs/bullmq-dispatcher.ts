import { Queue, Worker } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { JobDispatcher } from './definition';

/**
 * BullMQ carries wake-ups between instances: each message names one row of `jobs`, and the instance
 * that receives it claims that row and runs it. BullMQ keeps no state we depend on (no BullMQ
 * retries, messages removed when handled): retries, backoff, timeouts and the record stay in the
 * table, so a lost message only delays a job until some instance's poll finds it.
 */
export class BullmqDispatcher implements JobDispatcher {
  private readonly queue: Queue;
  private worker: Worker | null = null;

  constructor(
    private readonly opts: {
      redisUrl: string;
      queueName: string;
      concurrency: number;
      log: FastifyBaseLogger;
    },
  ) {
    this.queue = new Queue(opts.queueName, {
      connection: { url: opts.redisUrl, maxRetriesPerRequest: 3 },
      prefix: 'cutroom',
    });
    this.queue.on('error', (err) => opts.log.warn({ err }, 'job queue (Redis) error'));
  }

  async dispatch(jobId: string, delayMs: number): Promise<void> {
    await this.queue.add(
      'run',
      { jobId },
      { delay: delayMs, attempts: 1, removeOnComplete: true, removeOnFail: true },
    );
  }

  start(run: (jobId: string) => Promise<void>): void {
    this.worker = new Worker(this.opts.queueName, async (message) => run(String(message.data.jobId)), {
      // Workers block on Redis: their connection must wait, not give up, while Redis reconnects.
      connection: { url: this.opts.redisUrl, maxRetriesPerRequest: null },
      prefix: 'cutroom',
      concurrency: this.opts.concurrency,
    });
    this.worker.on('error', (err) => this.opts.log.warn({ err }, 'job worker (Redis) error'));
  }

  /**
   * The runner has already waited for (or handed back) the jobs it was running, so the worker is closed
   * without waiting for them again: BullMQ's waiting close also waits for Redis, forever when Redis is
   * unreachable, and shutdown with it. A wake-up cut short is harmless (the table decides, the poll finds).
   */
  async close(): Promise<void> {
    await this.worker?.close(true);
    await this.queue.close();
  }
}
