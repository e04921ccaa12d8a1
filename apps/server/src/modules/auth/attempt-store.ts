import type { Redis } from 'ioredis';

/** A counter that lives for a fixed window from its first hit. */
export interface Hit {
  count: number;
  /** Milliseconds until the window ends and the counter starts again. */
  resetInMs: number;
}

/**
 * Per-account counters (failed logins, wrong codes, code sends). In-process on one machine; in Redis
 * when the server has it, so every instance behind a load balancer sees the same counts.
 */
export interface AttemptStore {
  /** Counts one attempt for the key and returns the count in the current window. */
  hit(key: string, windowMs: number): Promise<Hit>;
  /** The current count without adding to it (0 when the window has ended). */
  peek(key: string): Promise<Hit>;
  clear(key: string): Promise<void>;
  /** Takes back one attempt (an attempt counted up front that turned out to be the owner's). */
  release(key: string): Promise<void>;
}

const PREFIX = 'cutroom-auth:';
/** Bounds the in-process map so a flood of distinct keys cannot grow memory without limit. */
const MAX_LOCAL_KEYS = 100_000;

export function createAttemptStore(redis: Redis | null): AttemptStore {
  return redis ? redisStore(redis) : localStore();
}

function localStore(): AttemptStore {
  const entries = new Map<string, { count: number; expiresAt: number }>();
  const live = (key: string, now: number) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const sweep = (now: number) => {
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
    // Still full of live keys: drop the oldest (a Map iterates in insertion order).
    for (const key of entries.keys()) {
      if (entries.size < MAX_LOCAL_KEYS) break;
      entries.delete(key);
    }
  };
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      let entry = live(key, now);
      if (!entry) {
        if (entries.size >= MAX_LOCAL_KEYS) sweep(now);
        entry = { count: 0, expiresAt: now + windowMs };
        entries.set(key, entry);
      }
      entry.count += 1;
      return { count: entry.count, resetInMs: entry.expiresAt - now };
    },
    async peek(key) {
      const now = Date.now();
      const entry = live(key, now);
      return entry ? { count: entry.count, resetInMs: entry.expiresAt - now } : { count: 0, resetInMs: 0 };
    },
    async clear(key) {
      entries.delete(key);
    },
    async release(key) {
      const entry = live(key, Date.now());
      if (entry && entry.count > 0) entry.count -= 1;
    },
  };
}

// INCR and set the expiry on the first hit in one step, so a crash between them cannot leave a key forever.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

// Takes one back from a live counter only (DECR on a missing key would create one without an expiry).
const RELEASE_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 and tonumber(redis.call('GET', KEYS[1])) > 0 then
  redis.call('DECR', KEYS[1])
end
return 1`;

function redisStore(redis: Redis): AttemptStore {
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, PREFIX + key, String(windowMs))) as [
        number,
        number,
      ];
      return { count, resetInMs: Math.max(0, ttl) };
    },
    async peek(key) {
      const [count, ttl] = await Promise.all([redis.get(PREFIX + key), redis.pttl(PREFIX + key)]);
      return count ? { count: Number(count), resetInMs: Math.max(0, ttl) } : { count: 0, resetInMs: 0 };
    },
    async clear(key) {
      await redis.del(PREFIX + key);
    },
    async release(key) {
      await redis.eval(RELEASE_SCRIPT, 1, PREFIX + key);
    },
  };
}
