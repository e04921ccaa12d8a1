import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { checkUploadJob } from './check-upload';
import { fileRoutes } from './file-routes';
import { footagePolicy } from './footage';
import { CHECK_UPLOAD_JOB } from './job-kinds';
import { UploadKinds } from './kinds';
import { notifyFootageAdded } from './notices';
import { OrderFilesService } from './service';
import { defineUploadSweep } from './sweep-job';
import { createTusServer } from './tus-server';
import { createUploadStore } from './tus-store';
import { uploadRoutes } from './upload-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The kinds of file /api/uploads takes: footage here; deliveries register theirs (delivery module). */
    uploadKinds: UploadKinds;
  }
}

/** The files module: tus uploads at /api/uploads, an order's files, their check and their expiry. */
export const filesModule = fp(
  async (app: FastifyInstance) => {
    const kinds = new UploadKinds();
    kinds.register(
      'footage',
      footagePolicy(app.config, (file) => notifyFootageAdded(app, file)),
    );
    app.decorate('uploadKinds', kinds);
    const store = createUploadStore(app.config);
    const files = new OrderFilesService({ db: app.db, config: app.config, jobs: app.jobs, kinds });
    const largest = Math.max(app.config.FOOTAGE_MAX_BYTES, app.config.DELIVERY_MAX_BYTES);
    const tus = createTusServer(store, largest, { finished: (upload) => files.uploadFinished(upload.id) });
    app.jobs.define(CHECK_UPLOAD_JOB, checkUploadJob({ db: app.db, storage: app.storage, store, kinds }));
    defineUploadSweep(app, store, (tusId) => files.uploadFinished(tusId));
    await app.register(uploadRoutes(tus, files, store), { prefix: '/api' });
    await app.register(fileRoutes(files), { prefix: '/api' });
  },
  { name: 'files', dependencies: ['jobs', 'current-user', 'notifications', 'orders'] },
);
