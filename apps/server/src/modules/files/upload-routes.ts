import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Metadata, type Server } from '@tus/server';
import { z } from 'zod';
import { ORDER_FILE_MESSAGES, errorReplies, uploadMetadataSchema } from '@cutroom/contracts';
import { HttpError, badRequest, notFound } from '../../lib/http-error';
import { perUserLimit } from '../../lib/http/route-limits';
import { requireRole } from '../../plugins/current-user';
import { newTusId, type OrderFilesService } from './service';
import { decideUploadId } from './tus-server';
import type { UploadStore } from './tus-store';
import { CHECKSUM_ALGORITHMS, parseUploadChecksum } from './checksum-store';

const uploadParams = z.object({ uploadId: z.string().regex(/^[0-9a-f]{48}$/) });

/** Upload-Length as tus defines it (a non-negative integer), or null when the client defers it. */
function uploadLength(request: FastifyRequest): number | null {
  const raw = request.headers['upload-length'];
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !/^\d{1,16}$/.test(raw)) throw badRequest('Invalid Upload-Length');
  return Number(raw);
}

function uploadMetadata(request: FastifyRequest) {
  const header = request.headers['upload-metadata'];
  let decoded: Record<string, string | null>;
  try {
    decoded = Metadata.parse(typeof header === 'string' ? header : undefined);
  } catch {
    throw badRequest(ORDER_FILE_MESSAGES.badMetadata);
  }
  const parsed = uploadMetadataSchema.safeParse(decoded);
  if (!parsed.success) throw badRequest(ORDER_FILE_MESSAGES.badMetadata);
  return parsed.data;
}

/**
 * /api/uploads: the tus protocol, behind Cutroom's own checks. A creation is authorised and recorded
 * here (the caller, the order's state, the limits) before the tus server makes it; HEAD, PATCH and
 * DELETE reach it only for the caller's own upload. The tus server answers in the protocol's words.
 */
export function uploadRoutes(tus: Server, files: OrderFilesService, store: UploadStore): FastifyPluginAsync {
  return async (app) => {
    // The body of a PATCH is the upload's bytes: left unread for the tus server to stream to the store.
    app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

    /**
     * The tus server reads the upload id from the raw URL: it must be exactly the path checked here, with
     * no query or fragment that could name another upload after it. A protocol version it does not speak
     * is 412 with the one it does (the tus server itself answers 400).
     */
    const guard = (request: FastifyRequest, reply: FastifyReply, path: string) => {
      if (request.raw.url !== path) throw notFound(ORDER_FILE_MESSAGES.uploadNotFound);
      const version = request.headers['tus-resumable'];
      if (version !== undefined && version !== '1.0.0') {
        reply.header('tus-version', '1.0.0');
        throw new HttpError(412, 'This server speaks tus 1.0.0');
      }
    };
    const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      await tus.handle(request.raw, reply.raw);
      return reply.raw.statusCode;
    };

    // The server's capabilities (tus discovery): nothing private in them.
    app.options('/uploads', { schema: { response: errorReplies } }, (request, reply) => {
      if (store.expectChecksum) reply.raw.setHeader('tus-checksum-algorithm', CHECKSUM_ALGORITHMS.join(','));
      return handOver(request, reply);
    });

    app.post(
      '/uploads',
      {
        preValidation: requireRole('creator', 'editor'),
        schema: { response: errorReplies },
        // Creations, not chunks: a browser starts one per file picked.
        config: perUserLimit(60),
      },
      async (request, reply) => {
        guard(request, reply, '/api/uploads');
        const meta = uploadMetadata(request);
        if (request.headers['upload-defer-length'] !== undefined)
          throw badRequest(ORDER_FILE_MESSAGES.needsLength);
        const tusId = newTusId();
        await files.startUpload(request.user!, meta, uploadLength(request), tusId);
        decideUploadId(request.raw, tusId);
        const status = await handOver(request, reply).catch(async (err: unknown) => {
          await files.dropUpload(tusId);
          throw err;
        });
        if (status !== 201) await files.dropUpload(tusId);
      },
    );

    for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
      app.route({
        method,
        url: '/uploads/:uploadId',
        preValidation: requireRole('creator', 'editor'),
        schema: { params: uploadParams, response: errorReplies },
        handler: async (request, reply) => {
          const { uploadId } = request.params as z.infer<typeof uploadParams>;
          guard(request, reply, `/api/uploads/${uploadId}`);
          await files.ownUpload(request.user!, uploadId, method === 'PATCH');
          if (method === 'PATCH' && store.expectChecksum) {
            const checksum = parseUploadChecksum(request.headers['upload-checksum'] as string | undefined);
            if (checksum === 'unsupported')
              throw badRequest('Checksum algorithm not supported: use sha1 or sha256');
            if (checksum === 'malformed') throw badRequest('Invalid Upload-Checksum');
            store.expectChecksum(uploadId, checksum);
          }
          const status = await handOver(request, reply);
          if (method === 'DELETE' && status === 204) await files.uploadTerminated(uploadId);
        },
      });
    }
  };
}
