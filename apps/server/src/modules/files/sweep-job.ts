import type { FastifyInstance } from 'fastify';
import { defineRepeatingJob } from '../../lib/jobs/repeating';
import { sweepExpiredUploads } from './expire-uploads';
import { EXPIRE_UPLOADS_JOB } from './job-kinds';
import { sweepRetention } from './retention';
import { notifier } from '../notifications';
import type { UploadStore } from './tus-store';

/**
 * The repeating sweep, every UPLOAD_SWEEP_SECONDS (one chain across instances): expired uploads, and
 * footage past its retention after the order closed.
 */
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
      const kept = await sweepRetention({
        db: app.db,
        storage: app.storage,
        config: app.config,
        notify: (lines) => notifier(app).notify(lines),
      });
      if (kept.noticed || kept.deleted) app.log.info(kept, 'footage retention swept');
    },
  });
}
