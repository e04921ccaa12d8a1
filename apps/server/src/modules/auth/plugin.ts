import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAttemptStore, type AttemptStore } from './attempt-store';
import { authRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counters of failed logins, wrong codes and codes sent (Redis-backed with REDIS_URL); see auth-limits. */
    attemptStore: AttemptStore;
  }
}

/** The auth module: its attempt store, made once for the server, and its routes under /api. */
export const authModule = fp(
  async (app: FastifyInstance) => {
    app.decorate('attemptStore', createAttemptStore(app.redis));
    await app.register(authRoutes, { prefix: '/api' });
  },
  { name: 'auth', dependencies: ['notifications', 'realtime', 'current-user', 'editor-catalogue'] },
);
