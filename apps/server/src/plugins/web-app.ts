import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RenderBudget } from './render-budget';
import { builtIndexHtml, loadServerRenderer } from './server-render';

/**
 * Serves the built React app: hashed assets cached for a year, pages never cached. Public pages are
 * rendered on the server with their data (then hydrated); every other non-API path gets index.html and
 * the app's router decides in the browser.
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
  const indexHtml = built ? builtIndexHtml(root) : () => '';
  const renderPage = built ? await loadServerRenderer(app, root) : null;
  // A crawler reading the sitemap renders a page or two a second; a person far fewer. RATE_LIMIT_DISABLED
  // (the test servers) lifts the per-visitor part, as it does the API's limits; never the cap at once.
  const renderBudget = new RenderBudget({
    perVisitorPerMinute: app.config.RATE_LIMIT_DISABLED === '1' ? Number.POSITIVE_INFINITY : 120,
    atOnce: 16,
  });

  app.setNotFoundHandler(async (_request, reply) => reply.status(404).send({ message: 'Not found' }));

  // A route rather than the not-found handler: routes get compression (@fastify/compress hooks routes
  // only), and the page HTML is the largest thing a first visit downloads before it can paint.
  app.get('/*', async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return reply.status(404).send({ message: 'Not found' });
    }
    // A file that is not there (an old build's chunk) is not a page: no HTML for a script tag to choke on.
    if (request.url.startsWith('/assets/')) return reply.status(404).type('text/plain').send('Not found');
    if (!built) {
      return reply.status(503).type('text/plain').send('The web app is not built yet: run "npm run build".');
    }
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (renderPage && renderBudget.take(request.ip)) {
      try {
        const page = await renderPage(request.url, request.ip, indexHtml());
        if (page.kind === 'redirect') return reply.redirect(page.location, page.status);
        if (page.kind === 'page') return reply.status(page.status).send(page.html);
      } catch (err) {
        // The browser can still render the page itself: a rendering fault costs speed, not the page.
        request.log.error({ err }, 'server rendering failed; sending the page to render in the browser');
      } finally {
        renderBudget.done();
      }
    }
    return reply.send(indexHtml());
  });
});
