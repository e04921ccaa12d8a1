import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * The websocket form of our own origin (wss://host for https, ws://host for http). CSP Level 3 lets 'self'
 * cover same-origin ws/wss, which current browsers follow; older ones (Safari before 15.4) need it spelled
 * out. Never a bare `ws:`/`wss:`, which would let a page's script open websockets to any host.
 */
export function websocketOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

/**
 * Helmet's headers on every reply (CSP, nosniff, frame and referrer rules, HSTS…). The middleware is built
 * once per server: @fastify/helmet rebuilt it, parsing the CSP directives again, on every request, which
 * was an eighth of the CPU of a cached editor-list reply (docs/performance.md).
 */
const securityHeaders = (publicUrl: string) =>
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://sdk.cashfree.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", websocketOrigin(publicUrl), 'https://*.cashfree.com'],
        frameSrc: ["'self'", 'https://*.cashfree.com'],
        formAction: ["'self'", 'https://*.cashfree.com'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const applySecurityHeaders = securityHeaders(app.config.PUBLIC_URL);
    app.addHook('onRequest', (request, reply, done) => {
      applySecurityHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
    });
  },
  { name: 'security-headers' },
);
