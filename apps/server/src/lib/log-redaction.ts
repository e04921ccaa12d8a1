import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a credential: the signed media tickets (`?t=`) and any token. */
const SECRET_PARAMS = new Set(['t', 'token', 'ticket', 'access_token']);

/**
 * Path segments that are credentials: the simulator's checkout page is named by the payment session id,
 * which is all anyone needs to complete (or cancel) that checkout.
 */
const SECRET_PATHS = [/^(\/simulator\/checkout\/)[^/?#]+/];

/** The URL with credentials in its path and in credential-bearing query parameters replaced, for logs. */
export function redactUrl(rawUrl: string): string {
  const url = SECRET_PATHS.reduce((u, pattern) => u.replace(pattern, '$1[redacted]'), rawUrl);
  const q = url.indexOf('?');
  if (q === -1) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        /* keep it as sent */
      }
      return eq !== -1 && SECRET_PARAMS.has(decoded.toLowerCase()) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/** Fastify's request serializer (the same fields), with credentials in the query string redacted. */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    version: [req.headers?.['accept-version']].flat()[0],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  };
}
