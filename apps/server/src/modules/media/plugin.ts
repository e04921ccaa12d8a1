import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorReplies } from '@cutroom/contracts';
import { createStorage, isValidKey, type Storage } from '../../lib/storage';
import { parseRange } from './range';

declare module 'fastify' {
  interface FastifyInstance {
    /** Media files (public and private areas); see lib/storage. */
    storage: Storage;
  }
}

/** Public media keys never change (each holds a fresh id), so browsers and CDNs may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Storage for every module, and GET /media/{key}: the public area only, with HTTP Range (video seeking),
 * the stored content type, long immutable caching and nosniff. The private area is never reachable here.
 *
 * Wrapped with fastify-plugin on purpose: the storage decorator is shared with later modules (deliveries),
 * and /media lives outside the /api prefix the module list applies (fastify-plugin ignores that prefix).
 */
export const mediaPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('storage', createStorage(app.config));

    // HEAD is declared before GET (Fastify then keeps it instead of deriving one that reports no length).
    app.route<{ Params: { '*': string } }>({
      method: ['HEAD', 'GET'],
      url: '/media/*',
      compress: false,
      // The file is streamed (no schema applies to it); a missing key or a bad Range is `{ message }`.
      schema: { response: errorReplies },
      handler: async (request, reply) => {
        const key = request.params['*'];
        const notFound = () =>
          reply.status(404).header('cache-control', 'no-store').send({ message: 'Not found' });
        if (!isValidKey(key)) return notFound();
        const info = await app.storage.stat('public', key);
        if (!info) return notFound();

        const etag = `"${info.size.toString(16)}-${info.lastModified.getTime().toString(16)}"`;
        reply
          .header('accept-ranges', 'bytes')
          .header('cache-control', IMMUTABLE)
          .header('etag', etag)
          .header('last-modified', info.lastModified.toUTCString())
          .header('x-content-type-options', 'nosniff')
          .header('content-type', info.contentType);
        if (request.headers['if-none-match'] === etag) return reply.status(304).send();

        const range = parseRange(request.headers.range, info.size);
        if (range === 'unsatisfiable') {
          return reply
            .status(416)
            .header('content-range', `bytes */${info.size}`)
            .header('content-type', 'application/json; charset=utf-8')
            .send({ message: 'Requested range not satisfiable' });
        }
        const length = range ? range.end - range.start + 1 : info.size;
        reply.status(range ? 206 : 200).header('content-length', length);
        if (range) reply.header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
        if (request.method === 'HEAD') return reply.send();

        const object = await app.storage.get('public', key, range);
        if (!object) return notFound();
        return reply.send(object.body);
      },
    });
  },
  { name: 'media' },
);
