import type { FastifyInstance } from 'fastify';
import { defineRepeatingJob } from '../../lib/jobs/repeating';
import { sweepExpiredUploads } from './expire-uploads';
import { EXPIRE_UPLOADS_JOB } from './job-kinds';
import type { UploadStore } from './tus-store';

/** The repeating sweep of expired uploads, every UPLOAD_SWEEP_SECONDS (one chain across instances). */
export function defineUploadSweep(
  app: FastifyInstance,
  store: UploadStore,
  finished: (tusId: string) => Promise<void>,
): void {
  defineRepeatingJob(app, {
    kind: EXPIRE_UPLOADS_JOB,
    everySeconds: app.config.UPLOAD_SWEEP_SECONDS,
    timeoutMs: 10 * 60_000,
    run: async () => {
      const swept = await sweepExpiredUploads({ db: app.db, store, log: app.log, finished });
      if (swept.expired || swept.recovered) app.log.info(swept, 'expired uploads swept');
    },
  });
}
