import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies, orderFileParamsSchema, orderFilesReplySchema } from '@cutroom/contracts';
import { attachmentDisposition } from '../../lib/file-names';
import { sendStoredObject } from '../../lib/http/serve-object';
import { unauthorized } from '../../lib/http-error';
import { requireUser } from '../../plugins/current-user';
import { verifyTicket } from '../auth';
import { orderArchive } from './archive';
import type { OrderFilesService } from './service';

/** An order's files for its two sides and admins: the list, and each ready file's bytes (with ranges). */
const ticketQuery = z.object({ t: z.string().max(200).optional() });

export function fileRoutes(orderFiles: OrderFilesService): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/orders/:id/files',
      {
        preValidation: requireUser,
        schema: { params: orderFileParamsSchema, response: { 200: orderFilesReplySchema, ...errorReplies } },
      },
      async (request) => orderFiles.list(request.user!, request.params.id),
    );

    app.get(
      '/orders/:id/files.zip',
      {
        compress: false,
        // A zip stream on success (its length known in advance); errors are JSON.
        schema: { params: orderFileParamsSchema, querystring: ticketQuery, response: errorReplies },
      },
      async (request, reply) => {
        const { t } = request.query;
        const actor =
          (t && (await verifyTicket(app.db, t, 'order-archive', request.params.id))) || request.user;
        if (!actor)
          throw unauthorized(t ? 'This download link has expired. Open the order again.' : undefined);
        const files = await orderFiles.archivable(actor, request.params.id);
        const { stream, size } = await orderArchive(app.storage, files);
        reply
          .header('content-type', 'application/zip')
          .header('content-disposition', attachmentDisposition(`cutroom-order-files.zip`))
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff');
        if (size >= 0) reply.header('content-length', size);
        return (reply as FastifyReply).send(stream);
      },
    );

    app.get(
      '/order-files/:id/download',
      {
        compress: false,
        // The file itself on success (200/206, Range: a download resumes); errors are JSON.
        schema: { params: orderFileParamsSchema, querystring: ticketQuery, response: errorReplies },
      },
      async (request, reply) => {
        // The link's ticket (a plain download cannot send the Bearer header), or the session.
        const { t } = request.query;
        const actor = (t && (await verifyTicket(app.db, t, 'order-file', request.params.id))) || request.user;
        if (!actor)
          throw unauthorized(t ? 'This download link has expired. Open the order again.' : undefined);
        const file = await orderFiles.downloadable(actor, request.params.id);
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
