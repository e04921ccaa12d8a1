import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorReplies, orderFileParamsSchema, orderFilesReplySchema } from '@cutroom/contracts';
import { attachmentDisposition } from '../../lib/file-names';
import { sendStoredObject } from '../../lib/http/serve-object';
import { requireUser } from '../../plugins/current-user';
import type { OrderFilesService } from './service';

/** An order's files for its two sides and admins: the list, and each ready file's bytes (with ranges). */
export function fileRoutes(files: OrderFilesService): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/orders/:id/files',
      {
        preValidation: requireUser,
        schema: { params: orderFileParamsSchema, response: { 200: orderFilesReplySchema, ...errorReplies } },
      },
      async (request) => files.list(request.user!, request.params.id),
    );

    app.get(
      '/order-files/:id/download',
      {
        preValidation: requireUser,
        compress: false,
        // The file itself on success (200/206, Range: a download resumes); errors are JSON.
        schema: { params: orderFileParamsSchema, response: errorReplies },
      },
      async (request, reply) => {
        const file = await files.downloadable(request.user!, request.params.id);
        return sendStoredObject(app.storage, request, reply, {
          area: 'private',
          key: file.storageKey,
          disposition: attachmentDisposition(file.name),
          cacheControl: 'private, no-store',
        });
      },
    );
  };
}
