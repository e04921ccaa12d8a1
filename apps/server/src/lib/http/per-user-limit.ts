import type { FastifyRequest } from 'fastify';

/**
 * The route config of a limit counted per signed-in account rather than per address: people behind one
 * office NAT work independently, and one account cannot escape its limit by changing networks. Requests
 * without a session fall back to their address. Counted by the server's @fastify/rate-limit (app.ts:
 * Redis-backed when REDIS_URL is set, same 429 message and headers as every other limit).
 */
export const perUserLimit = (max: number, timeWindow = '1 minute') => ({
  rateLimit: {
    max,
    timeWindow,
    keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
  },
});
