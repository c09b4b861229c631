import type { Redis } from 'ioredis';

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

/** Fixed-window counters in Redis, shared by every instance. */
export function redisRateLimiter(redis: Redis): RateLimiter {
  return {
    hit: async (key, limit, windowMs) => {
      const redisKey = `qq:rl:${key}`;
      const results = await redis.multi().incr(redisKey).pexpire(redisKey, windowMs, 'NX').exec();
      const count = Number(results?.[0]?.[1] ?? 0);
      return count <= limit;
    },
    reset: async (key) => {
      await redis.del(`qq:rl:${key}`);
    },
  };
}
