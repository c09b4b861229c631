import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { DATABASE_UNAVAILABLE_MESSAGE } from './database-errors.ts';
import { HttpError, tooManyRequests } from './http-error.ts';

/**
 * Rate limits on rate-limiter-flexible (decision 021): fixed windows counted in this process
 * (one instance, tests) or in Redis (REDIS_URL, shared by every instance).
 */
export interface RateLimiter {
  /** Counts one hit for key; true while the key is within `limit` hits per `windowMs`. */
  hit: (key: string, limit: number, windowMs: number) => Promise<boolean>;
  /** Forgets key in every counter. */
  reset: (key: string) => Promise<void>;
  /**
   * A counter named `name` (its own keys) of `points` per `windowMs`, with the operations of the
   * login throttle.
   */
  counter: (name: string, points: number, windowMs: number) => Counter;
}

export interface Counter {
  /** Adds points without ever refusing; returns the count in the window so far. */
  add: (key: string, points?: number) => Promise<number>;
  /** The count in the current window (0 when none). */
  count: (key: string) => Promise<number>;
  /** Milliseconds the key stays blocked (0 when it is not blocked or over the counter's points). */
  blockedMs: (key: string) => Promise<number>;
  /** Blocks the key for ms (counted as over the counter's points until then). */
  block: (key: string, ms: number) => Promise<void>;
  delete: (key: string) => Promise<void>;
}

type MakeLimiter = (keyPrefix: string, points: number, durationSeconds: number) => RateLimiterAbstract;

const KEY_PREFIX = 'qq:rl';

/** The store's answers, with a store failure (Redis down) turned into 503 with a message. */
function createRateLimiter(make: MakeLimiter): RateLimiter {
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiterFor = (keyPrefix: string, points: number, windowMs: number) => {
    const durationSeconds = Math.max(1, Math.ceil(windowMs / 1000));
    const name = `${keyPrefix} ${points}/${durationSeconds}`;
    let limiter = limiters.get(name);
    if (!limiter) {
      limiter = make(keyPrefix, points, durationSeconds);
      limiters.set(name, limiter);
    }
    return limiter;
  };
  /** The state while its window lasts: the memory store reports an expired key until its timer runs. */
  const current = async (limiter: RateLimiterAbstract, key: string) => {
    const state = await storeCall(() => limiter.get(key));
    return state && state.msBeforeNext > 0 ? state : null;
  };
  const storeCall = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (error instanceof RateLimiterRes) throw error;
      throw new HttpError(503, DATABASE_UNAVAILABLE_MESSAGE);
    }
  };

  return {
    hit: async (key, limit, windowMs) => {
      try {
        await storeCall(() => limiterFor(KEY_PREFIX, limit, windowMs).consume(key));
        return true;
      } catch (error) {
        if (error instanceof RateLimiterRes) return false;
        throw error;
      }
    },
    reset: async (key) => {
      // Memory counters each keep their own map; in Redis they share one key space.
      await Promise.all([...limiters.values()].map((limiter) => storeCall(() => limiter.delete(key))));
    },
    counter: (name, points, windowMs) => {
      const limiter = limiterFor(`${KEY_PREFIX}:${name}`, points, windowMs);
      return {
        add: async (key, added = 1) => (await storeCall(() => limiter.penalty(key, added))).consumedPoints,
        count: async (key) => (await current(limiter, key))?.consumedPoints ?? 0,
        blockedMs: async (key) => {
          const state = await current(limiter, key);
          return state && state.consumedPoints > points ? state.msBeforeNext : 0;
        },
        block: async (key, ms) => {
          await storeCall(() => limiter.block(key, Math.max(1, Math.ceil(ms / 1000))));
        },
        delete: async (key) => {
          await storeCall(() => limiter.delete(key));
        },
      };
    },
  };
}

/** Counters in this process: right for one instance and for tests. */
export function memoryRateLimiter(): RateLimiter {
  return createRateLimiter(
    (keyPrefix, points, duration) => new RateLimiterMemory({ keyPrefix, points, duration }),
  );
}

/**
 * Counters in Redis, shared by every instance. While Redis cannot be reached the limited routes
 * answer 503 with a message (as for a database outage) rather than running unlimited or failing
 * with a 500; ioredis reconnects by itself and they work again.
 */
export function redisRateLimiter(redis: Redis): RateLimiter {
  return createRateLimiter(
    (keyPrefix, points, duration) =>
      new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration }),
  );
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

/**
 * Counts one hit for key and answers 429 (with `message`, or the generic one) past `max` hits per
 * `windowMs`. `max` is scaled by the deployment's rate-limit factor (RATE_LIMIT_FACTOR).
 */
export async function limitOrThrow(
  deps: { rateLimiter: RateLimiter; rateLimitFactor: number },
  key: string,
  max: number,
  windowMs: number,
  message?: string,
): Promise<void> {
  const allowed = await deps.rateLimiter.hit(key, Math.ceil(max * deps.rateLimitFactor), windowMs);
  if (!allowed) throw tooManyRequests(message);
}
