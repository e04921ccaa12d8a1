import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorReplies } from '@cutroom/contracts';
import { createStorage, isValidKey, type Storage } from '../../lib/storage';
import { sendStoredObject } from '../../lib/http/serve-object';

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
 * Wrapped with fastify-plugin on purpose: it is the media module's plugin (named 'media', which later
 * modules declare they need), its storage decorator is shared with them (deliveries), and /media lives at
 * the root, outside /api.
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
        if (!isValidKey(key)) {
          return reply.status(404).header('cache-control', 'no-store').send({ message: 'Not found' });
        }
        return sendStoredObject(app.storage, request, reply, {
          area: 'public',
          key,
          cacheControl: IMMUTABLE,
          revalidate: true,
        });
      },
    });
  },
  { name: 'media' },
);
