import type { FastifyRequest } from 'fastify';

/*
 * The route configs of the server's @fastify/rate-limit (app.ts: Redis-backed when REDIS_URL is set, the
 * same 429 message and headers for every limit). A route names its limit with one of these two.
 */

/** A limit counted per client address: for routes open to visitors (sign-in, contact forms, links in mail). */
export const perAddressLimit = (max: number, timeWindow = '1 minute') => ({
  rateLimit: { max, timeWindow },
});

/**
 * A limit counted per signed-in account rather than per address: people behind one office NAT work
 * independently, and one account cannot escape its limit by changing networks. Requests without a
 * session fall back to their address.
 */
export const perUserLimit = (max: number, timeWindow = '1 minute') => ({
  rateLimit: {
    max,
    timeWindow,
    keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
  },
});
