import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/http-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A write that rides on the session cookie must come from our own pages: a browser always sends Origin
 * on cross-site writes, so a foreign Origin is refused. Bearer-token requests cannot be forged by a
 * third-party page and are not checked.
 */
export const originCheckPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.sessionFromCookie) return;
    const own = new URL(app.config.PUBLIC_URL).origin;
    const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
    if (!origin) return;
    const sameHost = request.headers.host && origin.replace(/^https?:\/\//, '') === request.headers.host;
    if (origin !== own && !sameHost) throw forbidden('Cross-site request refused');
  });
});

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'invalid';
  }
}
