import { randomBytes, randomInt } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { connectRedisRateLimiter } from '../lib/rate-limiter.ts';
import {
  createTestContext,
  insertUser,
  openTestDatabase,
  TEST_PASSWORD,
  uniqueEmail,
  type TestContext,
} from '../testing/index.ts';
import { answersFor, insertQuiz } from '../testing/quizzes.ts';
import { signIn, tableCounts } from '../security/support.ts';

/**
 * Rate limits with REDIS_URL (issue #9 item 3): counters shared between instances, and a Redis
 * outage answered 503 with a message. Part of `npm run test:reliability`, which CI runs with a
 * Redis started (TEST_REDIS_URL, default redis://127.0.0.1:6379); an unreachable Redis fails.
 */

const JWT_SECRET = randomBytes(32).toString('hex');

/**
 * Two app instances on one database, each with its own connection to the Redis of REDIS_URL, as
 * two processes behind a load balancer would be. Redis is required: unreachable fails the test
 * (.ci/run starts it and sets TEST_REDIS_URL).
 */
describe('rate limits shared through Redis (REDIS_URL)', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const instances: TestContext[] = [];
  const closers: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    const probe = new Redis(redisUrl, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    probe.on('error', () => {});
    try {
      await probe.connect();
      expect(await probe.ping()).toBe('PONG');
    } catch (error) {
      throw new Error(
        `Redis is not reachable at ${redisUrl} (${String(error)}): start redis-server or set TEST_REDIS_URL`,
      );
    } finally {
      probe.disconnect();
    }
    const config = loadConfig({ REDIS_URL: redisUrl });
    if (!config.redisUrl) throw new Error('REDIS_URL was not read');
    const database = await openTestDatabase();
    for (let instance = 0; instance < 2; instance += 1) {
      const redis = await connectRedisRateLimiter(config.redisUrl);
      closers.push(redis.close);
      instances.push(
        await createTestContext({
          database,
          rateLimiter: redis.rateLimiter,
          jwtSecret: JWT_SECRET,
          env: { SIGNUP_LIMIT_PER_ADDRESS: '10' },
        }),
      );
    }
    closers.push(() => database.close());
  });
  afterAll(async () => {
    for (const instance of instances) {
      await instance.app.close();
      rmSync(path.dirname(instance.outboxDir), { recursive: true, force: true });
    }
    for (const close of closers) await close();
  });

  /** An address no other run has used within the limits' windows. */
  const freshAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

  /** Sends `count` requests alternating between the two instances and returns their statuses. */
  async function alternate(count: number, request: (index: number) => Parameters<TestContext['request']>[0]) {
    const statuses: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const instance = instances[index % 2];
      if (!instance) throw new Error('no instance');
      statuses.push((await instance.request(request(index))).statusCode);
    }
    return statuses;
  }

  it('login per address: 30 per 5 minutes over both instances, then 429', async () => {
    const address = freshAddress();
    const statuses = await alternate(31, () => ({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: uniqueEmail(), password: 'Wrong-Password-1' },
      remoteAddress: address,
    }));
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses[30]).toBe(429);
  });

  it('login per account and address: 5 failures over both instances, then 429; the owner elsewhere gets in', async () => {
    const user = await insertUser(instances[0]!.database);
    const address = freshAddress();
    const statuses = await alternate(7, () => ({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'Wrong-Password-1' },
      remoteAddress: address,
    }));
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const owner = await alternate(2, () => ({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: freshAddress(),
    }));
    expect(owner).toEqual([200, 200]);
  });

  it('sign-up per address: SIGNUP_LIMIT_PER_ADDRESS (10) per hour over both instances, then 429', async () => {
    const address = freshAddress();
    const before = await tableCounts(instances[0]!.database);
    const statuses = await alternate(11, () => ({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        first_name: 'Ravi',
        last_name: 'Kumar',
        email: uniqueEmail(),
        password: 'Mango-Tree-Delhi-9',
        grade: 'c-3',
        consent: true,
      },
      remoteAddress: address,
    }));
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
    expect((await tableCounts(instances[0]!.database)).users).toBe((before.users ?? 0) + 10);
  });

  it('forgot-password per address: 10 per 15 minutes over both instances, then 429', async () => {
    const address = freshAddress();
    const statuses = await alternate(11, () => ({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: uniqueEmail() },
      remoteAddress: address,
    }));
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
  });

  it('submissions per learner: 30 per minute over both instances, then 429 and nothing stored', async () => {
    const first = instances[0]!;
    const learner = await signIn(first);
    const quiz = await insertQuiz(first.database, { attemptsAllowed: 100 });
    // Each opens the quiz (the learner's draw, decision 031) and submits it, on alternate instances.
    const statuses: number[] = [];
    for (let index = 0; index < 30; index += 1) {
      const instance = instances[index % 2]!;
      statuses.push((await instance.submitAsAuthored(learner.headers, quiz.id, answersFor(quiz))).statusCode);
    }
    expect(statuses).toEqual(Array(30).fill(201));
    // Opened before counting: only the submission itself must store nothing.
    const answers = await instances[1]!.openAsAuthored(learner.headers, quiz.id, answersFor(quiz));
    const before = await tableCounts(first.database);
    const limited = await instances[1]!.submitShown(learner.headers, quiz.id, answers);
    expect(limited.statusCode).toBe(429);
    expect(typeof limited.json<{ message: unknown }>().message).toBe('string');
    expect(await tableCounts(first.database)).toEqual(before);
  });
});

describe('rate limits while Redis is down', () => {
  let context: TestContext;
  let close: () => Promise<void>;
  beforeAll(async () => {
    // Nothing listens on port 1: every command fails as in an outage.
    const redis = await connectRedisRateLimiter('redis://127.0.0.1:1');
    close = redis.close;
    context = await createTestContext({ rateLimiter: redis.rateLimiter, jwtSecret: JWT_SECRET });
  });
  afterAll(async () => {
    await context.app.close();
    rmSync(path.dirname(context.outboxDir), { recursive: true, force: true });
    await close();
  });

  it('a limited route answers 503 with a message and writes nothing', async () => {
    const before = await tableCounts(context.database);
    const response = await context.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: uniqueEmail(), password: 'Wrong-Password-1' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json<{ message: string }>().message).toMatch(/try again/i);
    expect(await tableCounts(context.database)).toEqual(before);
  });

  it('routes without a limit keep working', async () => {
    const response = await context.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
  });
});
