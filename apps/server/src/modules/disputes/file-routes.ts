import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  disputeFileParamsSchema,
  disputeIdParamsSchema,
  disputeReplySchema,
  errorReplies,
} from '@cutroom/contracts';
import { perUserLimit } from '../../lib/http/route-limits';
import { sendStoredObject } from '../../lib/http/serve-object';
import { extensionForContentType } from '../../lib/storage';
import { requireRole, requireUser } from '../../plugins/current-user';
import type { DisputeFiles } from './evidence-files';
import { EVIDENCE_MULTIPART_LIMITS } from './evidence-upload';

/**
 * Files as dispute evidence (docs/api.md, Disputes): a side attaches one per request, as multipart; the
 * two sides and admins download them. Multipart parsing is registered for these routes alone.
 */
export function disputeFileRoutes(files: DisputeFiles): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    await app.register(fastifyMultipart, { limits: EVIDENCE_MULTIPART_LIMITS });

    app.post(
      '/disputes/:id/evidence',
      {
        onRequest: requireRole('creator', 'editor'),
        schema: { params: disputeIdParamsSchema, response: { 201: disputeReplySchema, ...errorReplies } },
        config: perUserLimit(30),
      },
      async (request, reply) =>
        reply.status(201).send({ data: await files.attach(request.user!, request.params.id, request) }),
    );

    app.get(
      '/disputes/:id/evidence/:evidenceId/file',
      {
        onRequest: requireUser,
        compress: false,
        // The file itself on success (200/206, Range); errors are JSON.
        schema: { params: disputeFileParamsSchema, response: { ...errorReplies } },
      },
      async (request, reply) => {
        const { id, evidenceId } = request.params;
        const file = await files.fileOf(request.user!, id, evidenceId);
        const ext = extensionForContentType(file.type) ?? 'bin';
        return sendStoredObject(app.storage, request, reply, {
          area: 'private',
          key: file.key,
          disposition: `attachment; filename="cutroom-evidence-${evidenceId.slice(0, 8)}.${ext}"`,
          cacheControl: 'private, no-store',
        });
      },
    );
  };
}
