import type { Redis } from 'ioredis';
import { DATABASE_UNAVAILABLE_MESSAGE } from './database-errors.ts';
import { HttpError } from './http-error.ts';

export interface RateLimiter {
  /** Counts one hit for key; true while the key is within `limit` hits per `windowMs`. */
  hit: (key: string, limit: number, windowMs: number) => Promise<boolean>;
  reset: (key: string) => Promise<void>;
}

/** Fixed-window counters in this process: right for one instance and for tests. */
export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    hit: async (key, limit, windowMs) => {
      const time = now();
      if (windows.size > 50_000) {
        for (const [candidate, window] of windows) if (window.resetAt <= time) windows.delete(candidate);
      }
      const window = windows.get(key);
      if (!window || window.resetAt <= time) {
        windows.set(key, { count: 1, resetAt: time + windowMs });
        return true;
      }
      window.count += 1;
      return window.count <= limit;
    },
    reset: async (key) => {
      windows.delete(key);
    },
  };
}

/**
 * Fixed-window counters in Redis, shared by every instance. While Redis cannot be reached the
 * limited routes answer 503 with a message (as for a database outage) rather than running
 * unlimited or failing with a 500; ioredis reconnects by itself and they work again.
 */
export function redisRateLimiter(redis: Redis): RateLimiter {
  const unavailable = () => new HttpError(503, DATABASE_UNAVAILABLE_MESSAGE);
  return {
    hit: async (key, limit, windowMs) => {
      const redisKey = `qq:rl:${key}`;
      let results: Awaited<ReturnType<ReturnType<Redis['multi']>['exec']>>;
      try {
        results = await redis.multi().incr(redisKey).pexpire(redisKey, windowMs, 'NX').exec();
      } catch {
        throw unavailable();
      }
      const [incrError, count] = results?.[0] ?? [null, null];
      if (incrError || typeof count !== 'number') throw unavailable();
      return count <= limit;
    },
    reset: async (key) => {
      try {
        await redis.del(`qq:rl:${key}`);
      } catch {
        throw unavailable();
      }
    },
  };
}

/** The limiter for REDIS_URL: one connection, closed with the app. */
export async function connectRedisRateLimiter(
  url: string,
): Promise<{ rateLimiter: RateLimiter; close: () => Promise<void> }> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  redis.on('error', () => {});
  return {
    rateLimiter: redisRateLimiter(redis),
    close: async () => {
      redis.disconnect();
    },
  };
}
