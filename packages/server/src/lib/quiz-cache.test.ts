import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NotificationHandlers } from '../db/index.ts';
import { quizBody } from '../testing/admin-quizzes.ts';
import { createTestContext, insertUser, loginAs, type TestContext } from '../testing/index.ts';
import { createQuizCache, QUIZ_CACHE_LIMITS, QUIZ_CHANGED_CHANNEL } from './quiz-cache.ts';

/** A listen() whose notifications and connection losses the test sends by hand. */
function fakeDatabase() {
  let handlers: NotificationHandlers | null = null;
  return {
    listen: async (channel: string, given: NotificationHandlers) => {
      expect(channel).toBe(QUIZ_CHANGED_CHANNEL);
      handlers = given;
      given.onStatus(true);
      return async () => {
        handlers = null;
      };
    },
    notify: (payload: string) => handlers?.onMessage(payload),
    status: (listening: boolean) => handlers?.onStatus(listening),
  };
}

const counter = (value: string) => {
  const load = vi.fn(async () => value);
  return load;
};

describe('createQuizCache', () => {
  it('loads once, then serves from memory until the quiz changes', async () => {
    const database = fakeDatabase();
    const cache = createQuizCache(database);
    await cache.start();
    const load = counter('v1');
    expect(await cache.quiz('q1', load)).toBe('v1');
    expect(await cache.quiz('q1', load)).toBe('v1');
    expect(load).toHaveBeenCalledTimes(1);
    database.notify('q2');
    expect(await cache.quiz('q1', load)).toBe('v1');
    expect(load).toHaveBeenCalledTimes(1);
    database.notify('q1');
    expect(await cache.quiz('q1', load)).toBe('v1');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('drops every list on any quiz change, and everything on an empty message', async () => {
    const database = fakeDatabase();
    const cache = createQuizCache(database);
    await cache.start();
    const list = counter('list');
    const quiz = counter('quiz');
    await cache.list('k', list);
    await cache.quiz('q1', quiz);
    database.notify('q9');
    await cache.list('k', list);
    await cache.quiz('q1', quiz);
    expect([list.mock.calls.length, quiz.mock.calls.length]).toEqual([2, 1]);
    database.notify('');
    await cache.quiz('q1', quiz);
    expect(quiz).toHaveBeenCalledTimes(2);
  });

  it('does not keep what a load read before a change that arrived while it ran', async () => {
    const database = fakeDatabase();
    const cache = createQuizCache(database);
    await cache.start();
    let release: (value: string) => void = () => {};
    const slow = cache.quiz('q1', () => new Promise<string>((resolve) => (release = resolve)));
    database.notify('q1');
    release('old');
    expect(await slow).toBe('old');
    const fresh = counter('new');
    expect(await cache.quiz('q1', fresh)).toBe('new');
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it('serves from the database while the listening connection is lost', async () => {
    const database = fakeDatabase();
    const cache = createQuizCache(database);
    await cache.start();
    const load = counter('v');
    await cache.quiz('q1', load);
    database.status(false);
    await cache.quiz('q1', load);
    await cache.quiz('q1', load);
    expect(load).toHaveBeenCalledTimes(3);
    expect(cache.stats().trusted).toBe(false);
    database.status(true);
    await cache.quiz('q1', load);
    await cache.quiz('q1', load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('caches nothing when it cannot listen at all', async () => {
    const cache = createQuizCache({
      listen: async () => {
        throw new Error('connection refused');
      },
    });
    await cache.start();
    const load = counter('v');
    await cache.quiz('q1', load);
    await cache.quiz('q1', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not remember unknown quizzes, and keeps a bounded number of entries', async () => {
    const cache = createQuizCache(fakeDatabase());
    await cache.start();
    const missing = vi.fn(async () => null);
    await cache.quiz('nope', missing);
    await cache.quiz('nope', missing);
    expect(missing).toHaveBeenCalledTimes(2);
    for (let index = 0; index < QUIZ_CACHE_LIMITS.lists + 10; index += 1) {
      await cache.list(`list-${index}`, async () => index);
    }
    expect(cache.stats().lists).toBe(QUIZ_CACHE_LIMITS.lists);
  });
});

describe('quiz content served from memory, through the API', () => {
  let context: TestContext;
  let second: TestContext;
  let admin: { authorization: string };
  let learner: { authorization: string };
  let learnerOnSecond: { authorization: string };

  beforeAll(async () => {
    context = await createTestContext();
    // Another instance on the same database: its own app, cache and listening connection.
    second = await createTestContext({ database: context.database });
    const adminUser = await insertUser(context.database, { role: 'admin' });
    admin = await loginAs(context, adminUser.email);
    const learnerUser = await insertUser(context.database, { grade: 'c-4' });
    learner = await loginAs(context, learnerUser.email);
    learnerOnSecond = await loginAs(second, learnerUser.email);
  });

  afterAll(async () => {
    await second.app.close();
    rmSync(path.dirname(second.outboxDir), { recursive: true, force: true });
    await context.close();
  });

  const getQuiz = (ctx: TestContext, headers: { authorization: string }, id: string) =>
    ctx.request({ method: 'GET', url: `/api/quizzes/${id}`, headers });
  const published = (ctx: TestContext, headers: { authorization: string }) =>
    ctx.request({
      method: 'POST',
      url: '/api/quizzes/published',
      headers,
      payload: { grade: Buffer.from('c-4').toString('base64'), category: 'Space' },
    });

  it('shows an admin’s edit and delete at once on this instance and, once committed, on the other', async () => {
    const created = await context.request({
      method: 'POST',
      url: '/api/admin/quizzes/add',
      headers: admin,
      payload: quizBody({ title: 'Cached planets' }),
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().quiz._id as string;
    for (const [ctx, headers] of [
      [context, learner],
      [second, learnerOnSecond],
    ] as const) {
      expect((await getQuiz(ctx, headers, id)).json()).toMatchObject({
        title: 'Cached planets',
        totalQuestions: 2,
      });
      expect((await published(ctx, headers)).json().quizzes).toMatchObject([{ title: 'Cached planets' }]);
    }

    const edited = await context.request({
      method: 'PUT',
      url: `/api/admin/quizzes/${id}`,
      headers: admin,
      payload: quizBody({
        title: 'Edited planets',
        questions: [quizBody().questions[0] as ReturnType<typeof quizBody>['questions'][number]],
      }),
    });
    expect(edited.statusCode).toBe(200);
    // The instance that wrote it answers with the edit straight away.
    expect((await getQuiz(context, learner, id)).json()).toMatchObject({
      title: 'Edited planets',
      totalQuestions: 1,
    });
    expect((await published(context, learner)).json().quizzes).toMatchObject([{ title: 'Edited planets' }]);
    // The other one as soon as the notification of the commit reaches it.
    await vi.waitFor(async () => {
      expect((await getQuiz(second, learnerOnSecond, id)).json()).toMatchObject({ title: 'Edited planets' });
    });
    expect((await published(second, learnerOnSecond)).json().quizzes).toMatchObject([
      { title: 'Edited planets' },
    ]);

    expect(
      (await context.request({ method: 'DELETE', url: `/api/admin/quizzes/${id}`, headers: admin }))
        .statusCode,
    ).toBe(200);
    expect((await getQuiz(context, learner, id)).statusCode).toBe(404);
    await vi.waitFor(async () => {
      expect((await getQuiz(second, learnerOnSecond, id)).statusCode).toBe(404);
    });
    expect((await published(second, learnerOnSecond)).json().quizzes).toEqual([]);
  });

  it('keeps each learner’s own attempt count out of the shared copy', async () => {
    const created = await context.request({
      method: 'POST',
      url: '/api/admin/quizzes/add',
      headers: admin,
      payload: quizBody({ title: 'Counted', category: 'Counting' }),
    });
    const id = created.json().quiz._id as string;
    const other = await insertUser(context.database, { grade: 'c-4' });
    const otherHeaders = await loginAs(context, other.email);
    expect((await getQuiz(context, learner, id)).json().attemptCount).toBe(0);
    const submitted = await context.submitAsAuthored(learner, id, [1, 3]);
    expect(submitted.statusCode).toBe(201);
    expect((await getQuiz(context, learner, id)).json().attemptCount).toBe(1);
    expect((await getQuiz(context, otherHeaders, id)).json().attemptCount).toBe(0);
  });
});
