import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '@cutroom/contracts';
import { forbidden, unauthorized } from '../lib/http-error';

/** Who a request or socket acts for: the user of a live session. */
export interface SessionUser {
  id: string;
  role: Role;
  username: string;
  email: string | null;
  sessionId: string;
}

/**
 * How a session token becomes its user. Sessions are auth's; the composition root (app.ts) plugs auth's
 * lookup in here, so this platform plugin, and every module below auth, needs no import of auth.
 */
export interface SessionLookup {
  cookieName: string;
  find(token: string): Promise<SessionUser | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionLookup: SessionLookup;
  }
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie or the Bearer token; null when anonymous. */
    user: SessionUser | null;
    /** The raw session token this request carried, if any. */
    sessionToken: string | null;
    /** True when the session came from the cookie (and so needs the Origin check on writes). */
    sessionFromCookie: boolean;
  }
}

export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers everyone alike (the public editor list): no session is looked up for it, so a
     * signed-in visitor's browsing costs no database read.
     */
    anonymous?: boolean;
  }
}

/** Resolves the session once per API request. A valid Bearer token wins over the cookie. */
export const currentUserPlugin = fp(currentUser, { name: 'current-user' });

async function currentUser(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('sessionFromCookie', false);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config?.anonymous) return;
    const bearer = bearerToken(request.headers.authorization);
    const cookie = request.cookies[app.sessionLookup.cookieName];
    if (bearer) {
      const user = await app.sessionLookup.find(bearer);
      if (user) {
        request.user = user;
        request.sessionToken = bearer;
        return;
      }
    }
    if (cookie) {
      const user = await app.sessionLookup.find(cookie);
      if (user) {
        request.user = user;
        request.sessionToken = cookie;
        request.sessionFromCookie = true;
      }
    }
  });
}

/** Route onRequest hook (so it answers before any body is read or validated): 401 without a session, 403 with a role not in the list. */
export function requireRole(...roles: Role[]): onRequestAsyncHookHandler {
  return async (request: FastifyRequest) => {
    if (!request.user) throw unauthorized();
    if (!roles.includes(request.user.role)) throw forbidden();
  };
}

/** Route onRequest hook: any signed-in user. */
export const requireUser: onRequestAsyncHookHandler = async (request) => {
  if (!request.user) throw unauthorized();
};
