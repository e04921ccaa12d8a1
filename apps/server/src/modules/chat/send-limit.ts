import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * Messages one ACCOUNT may send over its sockets in a window, all its sockets together (every tab and
 * every instance): a burst of short replies at 3 a second, not a flood. Per socket, one account with ten
 * sockets sent ten times as many.
 */
export const SEND_LIMIT = { max: 30, windowMs: 10_000 };

export interface SendLimiter {
  /** Counts a message that arrived at `arrivedAt` (ms) against the account; false when over the limit. */
  take(userId: string, arrivedAt: number): Promise<boolean>;
}

/** Bounds the in-process map so a flood of distinct accounts cannot grow memory without limit. */
const MAX_LOCAL_KEYS = 100_000;

/**
 * A sliding window of arrival times per account: in Redis when the server has it (under the deployment's
 * REDIS_PREFIX, so every instance counts together), in process otherwise. Should Redis fail, the instance
 * falls back to its own count rather than refusing every message or taking them all.
 */
export function createSendLimiter(
  redis: Redis | null,
  prefix: string,
  log?: FastifyBaseLogger,
  limit = SEND_LIMIT,
): SendLimiter {
  const local = localLimiter(limit);
  if (!redis) return local;
  return {
    async take(userId, arrivedAt) {
      try {
        const allowed = await redis.eval(
          TAKE_SCRIPT,
          1,
          `${prefix}:chat-send:${userId}`,
          String(arrivedAt),
          String(limit.windowMs),
          String(limit.max),
          `${arrivedAt}:${randomBytes(6).toString('hex')}`,
        );
        return allowed === 1;
      } catch (err) {
        log?.warn({ err }, 'chat send limit: Redis unavailable, counting on this instance');
        return local.take(userId, arrivedAt);
      }
    },
  };
}

// Drops the arrivals older than the window, then counts this one if there is room: in one step, so two
// instances taking the last place at once cannot both have it.
const TAKE_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], window)
return 1`;

function localLimiter(limit: typeof SEND_LIMIT): SendLimiter {
  const sent = new Map<string, number[]>();
  const sweep = (now: number) => {
    for (const [key, times] of sent) {
      if (times[times.length - 1]! <= now - limit.windowMs) sent.delete(key);
    }
    // Still full of live keys: drop the oldest (a Map iterates in insertion order).
    for (const key of sent.keys()) {
      if (sent.size < MAX_LOCAL_KEYS) break;
      sent.delete(key);
    }
  };
  return {
    async take(userId, arrivedAt) {
      let times = sent.get(userId);
      if (!times) {
        if (sent.size >= MAX_LOCAL_KEYS) sweep(arrivedAt);
        sent.set(userId, (times = []));
      }
      while (times.length && times[0]! <= arrivedAt - limit.windowMs) times.shift();
      if (times.length >= limit.max) return false;
      times.push(arrivedAt);
      return true;
    },
  };
}
