import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { checkUploadJob } from './check-upload';
import { defineUploadSweep } from './sweep-job';
import { fileRoutes } from './file-routes';
import { CHECK_UPLOAD_JOB } from './job-kinds';
import { notifyFootageAdded } from './notices';
import { OrderFilesService } from './service';
import { createTusServer } from './tus-server';
import { createUploadStore } from './tus-store';
import { uploadRoutes } from './upload-routes';

/** The files module: tus uploads at /api/uploads, an order's files, their check and their expiry. */
export const filesModule = fp(
  async (app: FastifyInstance) => {
    const store = createUploadStore(app.config);
    const files = new OrderFilesService({ db: app.db, config: app.config, jobs: app.jobs });
    const tus = createTusServer(store, app.config.FOOTAGE_MAX_BYTES, {
      finished: (upload) => files.uploadFinished(upload.id),
    });
    app.jobs.define(
      CHECK_UPLOAD_JOB,
      checkUploadJob({
        db: app.db,
        storage: app.storage,
        store,
        onReady: (file) => notifyFootageAdded(app, file),
      }),
    );
    defineUploadSweep(app, store, (tusId) => files.uploadFinished(tusId));
    await app.register(uploadRoutes(tus, files), { prefix: '/api' });
    await app.register(fileRoutes(files), { prefix: '/api' });
  },
  { name: 'files', dependencies: ['jobs', 'current-user', 'notifications', 'orders'] },
);
