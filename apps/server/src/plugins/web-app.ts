import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built React app: hashed assets cached for a year, index.html never cached, and every
 * non-API path answered with index.html so the app's router (and its not-found page) decides.
 */
export const webAppPlugin = fp(async (app: FastifyInstance) => {
  const root = app.config.WEB_DIST;
  const built = existsSync(path.join(root, 'index.html'));
  if (!built) app.log.warn(`web app not built at ${root}: run "npm run build"`);
  else {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || request.method !== 'GET') {
      return reply.status(404).send({ message: 'Not found' });
    }
    if (!built) {
      return reply.status(503).type('text/plain').send('The web app is not built yet: run "npm run build".');
    }
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });
});
