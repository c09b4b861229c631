import { rmSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../db/schema.ts';
import { QUIZ_CHANGED_CHANNEL } from './quiz-cache.ts';
import { insertCertifications, subLevelIdsOf, subscribe } from '../testing/certification.ts';
import {
  createTestContext,
  insertChild,
  insertUser,
  loginAs,
  readOutbox,
  TEST_PASSWORD,
  tokenFromLink,
  type TestContext,
} from '../testing/index.ts';
import { answersFor, answersForDraw, insertQuiz, type DrawnQuiz, type TestQuiz } from '../testing/quizzes.ts';

/**
 * What a learner would notice if the account cache (lib/account-cache.ts) were invalidated wrongly:
 * a stale attempt count, a plan that does not unlock, a token that still works after a password
 * reset or account deletion. Reads right after a write go through `app.inject` directly, not
 * `context.request` (which first waits for every committed notification): they must be right
 * without waiting. Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */

type Headers = { authorization: string };

let context: TestContext;
let admin: Headers;
/** Another instance on the same database: its own app, caches, JWT secret and listening connection. */
let second: TestContext;

beforeAll(async () => {
  context = await createTestContext();
  second = await createTestContext({ database: context.database });
  const adminUser = await insertUser(context.database, { role: 'admin' });
  admin = await loginAs(context, adminUser.email);
});

afterAll(async () => {
  await second.app.close();
  rmSync(path.dirname(second.outboxDir), { recursive: true, force: true });
  await context.close();
});

afterEach(() => {
  vi.useRealTimers();
});

/** Straight to the app: no waiting for notifications first. */
const inject = (ctx: TestContext, options: InjectOptions) => ctx.app.inject(options);

const get = (ctx: TestContext, headers: Headers, url: string) => inject(ctx, { method: 'GET', url, headers });
const me = (ctx: TestContext, headers: Headers) => get(ctx, headers, '/api/auth/me');
const quizPage = (ctx: TestContext, headers: Headers, quiz: TestQuiz) =>
  get(ctx, headers, `/api/quizzes/${quiz.id}`);
const progress = (ctx: TestContext, headers: Headers) => get(ctx, headers, '/api/certification/progress');
const myCertifications = (ctx: TestContext, headers: Headers) =>
  get(ctx, headers, '/api/certification/my-certifications');
const practiceList = (ctx: TestContext, headers: Headers, category: string) =>
  inject(ctx, {
    method: 'POST',
    url: '/api/quizzes/published',
    headers,
    payload: { grade: Buffer.from('c-3').toString('base64'), category },
  });
/** Opens the quiz (the learner's draw, decision 031) and submits it all right, straight to the app. */
const submit = async (ctx: TestContext, headers: Headers, quiz: TestQuiz) => {
  const opened = await quizPage(ctx, headers, quiz);
  expect(opened.statusCode, opened.body).toBe(200);
  const answers = await answersForDraw(ctx.database, quiz.id, opened.json<DrawnQuiz>(), answersFor(quiz));
  return inject(ctx, {
    method: 'POST',
    url: `/api/quizzes/submit/${quiz.id}`,
    headers,
    payload: { answers },
  });
};
const activate = (ctx: TestContext, headers: Headers, userId: string, planId: string) =>
  inject(ctx, {
    method: 'POST',
    url: `/api/admin/users/${userId}/subscription`,
    headers,
    payload: { action: 'activate', planId },
  });

/** Statements sent to the database while `run` runs (shared by both instances). */
async function statementsOf(run: () => Promise<unknown>): Promise<number> {
  const before = context.database.queryCount();
  await run();
  return context.database.queryCount() - before;
}

/**
 * The statements a quiz page sends once the account state and the quiz are warm: the one
 * primary-key read of the learner's pending draw (decision 031), nothing of the account.
 */
async function expectOnlyTheDrawRead(run: () => Promise<unknown>) {
  const sent = await context.database.captureQueries(run);
  expect(sent.map((query) => query.sql)).toEqual([expect.stringMatching(/from "quiz_draws"/)]);
}

async function learner(ctx: TestContext = context) {
  const user = await insertUser(context.database, { grade: 'c-3' });
  return { ...user, headers: await loginAs(ctx, user.email) };
}

/** A reset through the real routes: the mailed link, then the new password. */
async function resetPassword(ctx: TestContext, email: string, password: string) {
  const asked = await inject(ctx, { method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  expect(asked.statusCode).toBe(200);
  // The link is mailed after the answer (decision 021).
  await ctx.app.backgroundWork.idle();
  const token = tokenFromLink(readOutbox(ctx.outboxDir, email).at(-1)?.link ?? null);
  const reset = await inject(ctx, {
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, password },
  });
  expect(reset.statusCode).toBe(200);
}

describe('the account cache on the instance that wrote', () => {
  it('shows a submission in the quiz page’s attemptCount and the practice list at once', async () => {
    const category = 'Account cache counting';
    const quiz = await insertQuiz(context.database, { category, grades: ['c-3'] });
    const user = await learner();
    const other = await learner();
    await context.app.accountCache.sync();
    for (const headers of [user.headers, other.headers]) {
      expect((await quizPage(context, headers, quiz)).json().attemptCount).toBe(0);
      expect((await quizPage(context, headers, quiz)).json().attemptCount).toBe(0);
    }
    expect((await practiceList(context, user.headers, category)).json().quizzes).toMatchObject([
      { _id: quiz.id, attemptCount: 0 },
    ]);

    expect((await submit(context, user.headers, quiz)).statusCode).toBe(201);
    expect((await quizPage(context, user.headers, quiz)).json().attemptCount).toBe(1);
    expect((await practiceList(context, user.headers, category)).json().quizzes).toMatchObject([
      { _id: quiz.id, attemptCount: 1 },
    ]);
    expect((await submit(context, user.headers, quiz)).statusCode).toBe(201);
    expect((await practiceList(context, user.headers, category)).json().quizzes).toMatchObject([
      { _id: quiz.id, attemptCount: 2 },
    ]);
    expect((await quizPage(context, user.headers, quiz)).json().attemptCount).toBe(2);
    // Nobody else's count moves.
    expect((await quizPage(context, other.headers, quiz)).json().attemptCount).toBe(0);
  });

  it('shows the scoreboard’s counts after a submission, and a quiz’s new attempts limit after its change', async () => {
    const quiz = await insertQuiz(context.database, { grades: ['c-3'], attemptsAllowed: 3 });
    const user = await learner();
    const history = () => get(context, user.headers, '/api/quizzes/history');
    expect((await submit(context, user.headers, quiz)).statusCode).toBe(201);
    expect((await history()).json()).toMatchObject({
      attemptCounts: { [quiz.id]: 1 },
      quizLimits: { [quiz.id]: 3 },
    });
    // The submission's own notice may arrive after that read and drop what it loaded: wait for
    // it, load again, and only then count.
    await context.app.accountCache.sync();
    await history();
    expect(await statementsOf(() => history())).toBe(1); // the page itself; the rest is warm
    expect((await submit(context, user.headers, quiz)).statusCode).toBe(201);
    expect((await history()).json().attemptCounts).toEqual({ [quiz.id]: 2 });
    // An edit of the quiz (any instance's NOTIFY on the quiz channel, as an admin save sends).
    await context.database.db.execute(sql`update quizzes set attempts_allowed = 7 where id = ${quiz.id}`);
    context.database.announce(QUIZ_CHANGED_CHANNEL, quiz.id);
    expect((await history()).json().quizLimits).toEqual({ [quiz.id]: 7 });
  });

  it('refuses the old token at once after a password reset through its routes', async () => {
    const user = await learner();
    await context.app.accountCache.sync();
    expect((await progress(context, user.headers)).statusCode).toBe(200);
    expect(await statementsOf(() => progress(context, user.headers))).toBe(0);
    await resetPassword(context, user.email, 'Fresh-Password-Cache-7');
    expect((await progress(context, user.headers)).statusCode).toBe(401);
    expect((await me(context, user.headers)).statusCode).toBe(401);
    const fresh = await loginAs(context, user.email, 'Fresh-Password-Cache-7');
    expect((await progress(context, fresh)).statusCode).toBe(200);
  });

  it('refuses the token at once after the account is deleted', async () => {
    const user = await learner();
    await context.app.accountCache.sync();
    expect((await progress(context, user.headers)).statusCode).toBe(200);
    expect(await statementsOf(() => progress(context, user.headers))).toBe(0);
    const deleted = await inject(context, {
      method: 'POST',
      url: '/api/user/delete-account',
      headers: user.headers,
      payload: { password: TEST_PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await progress(context, user.headers)).statusCode).toBe(401);
    expect((await me(context, user.headers)).statusCode).toBe(401);
  });

  it('shows an admin’s plan activation in the learner’s progress and quiz gate at once', async () => {
    const user = await learner();
    const levelOne = await insertQuiz(context.database, { level: 1, subLevel: 'L1-C1', grades: ['c-3'] });
    await context.app.accountCache.sync();
    for (let read = 0; read < 2; read += 1) {
      expect((await progress(context, user.headers)).json()).toMatchObject({ allowedLevel: 0 });
      expect((await quizPage(context, user.headers, levelOne)).statusCode).toBe(403);
    }

    expect((await activate(context, admin, user.id, 'plan99')).statusCode).toBe(200);
    expect((await progress(context, user.headers)).json()).toMatchObject({ allowedLevel: 3 });
    expect((await progress(context, user.headers)).json()).not.toHaveProperty('subscription_message');
    expect((await quizPage(context, user.headers, levelOne)).statusCode).toBe(200);

    const cancelled = await inject(context, {
      method: 'POST',
      url: `/api/admin/users/${user.id}/subscription`,
      headers: admin,
      payload: { action: 'cancel' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await progress(context, user.headers)).json()).toMatchObject({ allowedLevel: 0 });
    expect((await quizPage(context, user.headers, levelOne)).statusCode).toBe(403);
  });

  it('keeps other learners’ state when one learner writes', async () => {
    const quiz = await insertQuiz(context.database, { grades: ['c-3'] });
    const writer = await learner();
    const reader = await learner();
    await context.app.accountCache.sync();
    await quizPage(context, reader.headers, quiz);
    expect((await submit(context, writer.headers, quiz)).statusCode).toBe(201);
    await context.app.accountCache.sync();
    await expectOnlyTheDrawRead(() => quizPage(context, reader.headers, quiz));
  });
});

describe('rows written straight into the database (no route)', () => {
  it('show after accountCache.sync(): the triggers tell the cache', async () => {
    const user = await learner();
    await context.app.accountCache.sync();
    expect((await progress(context, user.headers)).json()).toMatchObject({
      allowedLevel: 0,
      completedQuizzes: 0,
    });
    expect((await myCertifications(context, user.headers)).json().certifications).toEqual([]);
    // Warm: the next reads come from memory, so only a notification can make them change.
    expect(await statementsOf(() => progress(context, user.headers))).toBe(0);
    expect(await statementsOf(() => myCertifications(context, user.headers))).toBe(0);

    await subscribe(context.database, user.id, 'plan299', context.clock.now);
    await insertCertifications(context.database, user.id, subLevelIdsOf(1));
    await context.app.accountCache.sync();
    expect((await progress(context, user.headers)).json()).toMatchObject({
      currentLevel: 2,
      allowedLevel: 10,
      completedQuizzes: 10,
      completedLevels: [1],
    });
    expect((await myCertifications(context, user.headers)).json()).toMatchObject({ completedLevels: [1] });
  });

  it('refuse a token after its user’s token version changes, and apply a role change', async () => {
    const user = await learner();
    const other = await learner();
    await context.app.accountCache.sync();
    expect((await get(context, user.headers, '/api/admin/learners')).statusCode).toBe(403);
    expect((await progress(context, user.headers)).statusCode).toBe(200);
    expect(await statementsOf(() => progress(context, user.headers))).toBe(0);
    expect((await progress(context, other.headers)).statusCode).toBe(200);

    await context.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
    await context.app.accountCache.sync();
    expect((await get(context, user.headers, '/api/admin/learners')).statusCode).toBe(200);

    await context.database.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, user.id));
    await context.app.accountCache.sync();
    expect((await progress(context, user.headers)).statusCode).toBe(401);
    // Only that user: the other one's state was not touched.
    expect(await statementsOf(() => progress(context, other.headers))).toBe(0);
  });

  it('refuse a token after its user is deleted outside the API', async () => {
    const user = await learner();
    await context.app.accountCache.sync();
    expect((await progress(context, user.headers)).statusCode).toBe(200);
    expect(await statementsOf(() => progress(context, user.headers))).toBe(0);
    await context.database.db.delete(users).where(eq(users.id, user.id));
    await context.app.accountCache.sync();
    expect((await progress(context, user.headers)).statusCode).toBe(401);
  });
});

describe('the cache keeps working', () => {
  it('after a write emptied it, one statement tells who asks: the learner’s row with its holder’s', async () => {
    const user = await learner();
    await context.app.accountCache.sync();
    context.app.accountCache.invalidate(user.id);
    const statements = await context.database.captureQueries(() => me(context, user.headers));
    const identity = statements.filter((query) => /"token_version"/.test(query.sql));
    expect(identity).toHaveLength(1);
    expect(identity[0]?.sql).toMatch(/"language"/);
    // Both remembered: the next request reads no row of users to know who asks.
    const warm = await context.database.captureQueries(() => me(context, user.headers));
    expect(warm.filter((query) => /"token_version"/.test(query.sql))).toEqual([]);
  });

  it('a warm quiz page sends at most the sync statement', async () => {
    const practice = await insertQuiz(context.database, { grades: ['c-3'] });
    const levelOne = await insertQuiz(context.database, { level: 1, subLevel: 'L1-C1', grades: ['c-3'] });
    const user = await learner();
    await subscribe(context.database, user.id, 'plan59', context.clock.now);
    for (const quiz of [practice, levelOne]) {
      expect(
        (await context.request({ method: 'GET', url: `/api/quizzes/${quiz.id}`, headers: user.headers }))
          .statusCode,
      ).toBe(200);
      // The sync statement at most, and the primary-key read of the pending draw (decision 031).
      const warm = await statementsOf(() =>
        context.request({ method: 'GET', url: `/api/quizzes/${quiz.id}`, headers: user.headers }),
      );
      expect(warm).toBeLessThanOrEqual(2);
      await context.app.accountCache.sync();
      await expectOnlyTheDrawRead(() => quizPage(context, user.headers, quiz));
    }
    expect(context.app.accountCache.stats().trusted).toBe(true);
  });

  it('a warm practice list (a POST that writes nothing) sends no statement and keeps the state', async () => {
    const category = 'Account cache warm list';
    const quiz = await insertQuiz(context.database, { category, grades: ['c-3'] });
    const user = await learner();
    await quizPage(context, user.headers, quiz);
    await practiceList(context, user.headers, category);
    await context.app.accountCache.sync();
    expect(await statementsOf(() => practiceList(context, user.headers, category))).toBe(0);
    expect(await statementsOf(() => practiceList(context, user.headers, category))).toBe(0);
    await expectOnlyTheDrawRead(() => quizPage(context, user.headers, quiz));
  });

  it('refuses a token it verified before, once the token has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date());
    const user = await learner();
    const token = user.headers.authorization.replace(/^Bearer /, '');
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      exp: number;
    };
    expect((await progress(context, user.headers)).statusCode).toBe(200);
    vi.setSystemTime(exp * 1000 - 1000);
    expect((await progress(context, user.headers)).statusCode).toBe(200);
    vi.setSystemTime(exp * 1000);
    expect((await progress(context, user.headers)).statusCode).toBe(401);
    expect((await me(context, user.headers)).statusCode).toBe(401);
  });
});

/**
 * Two instances on one database. On PostgreSQL each has its own listening connection; on PGlite
 * they share the embedded database in this process (as quiz-cache.test.ts does), and the
 * notifications of its commits reach both.
 */
describe('another instance on the same database', () => {
  it('shows a submission through instance A on instance B after B’s sync', async () => {
    const quiz = await insertQuiz(context.database, { grades: ['c-3'] });
    const user = await learner();
    const onSecond = await loginAs(second, user.email);
    await second.app.accountCache.sync();
    expect((await quizPage(second, onSecond, quiz)).json().attemptCount).toBe(0);
    await expectOnlyTheDrawRead(() => quizPage(second, onSecond, quiz));

    expect((await submit(context, user.headers, quiz)).statusCode).toBe(201);
    await second.app.accountCache.sync();
    expect((await quizPage(second, onSecond, quiz)).json().attemptCount).toBe(1);
  });

  it('refuses on instance B, after B’s sync, a token revoked by a password reset on A', async () => {
    const user = await learner();
    const onSecond = await loginAs(second, user.email);
    await second.app.accountCache.sync();
    expect((await progress(second, onSecond)).statusCode).toBe(200);
    expect(await statementsOf(() => progress(second, onSecond))).toBe(0);
    await resetPassword(context, user.email, 'Fresh-Password-Second-8');
    await second.app.accountCache.sync();
    expect((await progress(second, onSecond)).statusCode).toBe(401);
    expect((await me(second, onSecond)).statusCode).toBe(401);
    await loginAs(second, user.email, 'Fresh-Password-Second-8');
  });

  it('refuses on instance B, after B’s sync, the token of an account deleted on A', async () => {
    const user = await learner();
    const onSecond = await loginAs(second, user.email);
    await second.app.accountCache.sync();
    expect((await progress(second, onSecond)).statusCode).toBe(200);
    expect(await statementsOf(() => progress(second, onSecond))).toBe(0);
    const deleted = await inject(context, {
      method: 'POST',
      url: '/api/user/delete-account',
      headers: user.headers,
      payload: { password: TEST_PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    await second.app.accountCache.sync();
    expect((await progress(second, onSecond)).statusCode).toBe(401);
  });

  it('shows a child’s quiz on A in the parent’s report on B, after B’s sync', async () => {
    const quiz = await insertQuiz(context.database, { grades: ['c-2', 'c-3'], category: 'Maths' });
    const parent = await learner();
    const child = await insertChild(context.database, parent.id, { firstName: 'Asha', grade: 'c-2' });
    const selected = await inject(context, {
      method: 'POST',
      url: `/api/learners/${child.id}/select`,
      headers: parent.headers,
    });
    expect(selected.statusCode, selected.body).toBe(200);
    const childOnA = { authorization: `Bearer ${selected.json<{ token: string }>().token}` };
    const parentOnB = await loginAs(second, parent.email);
    await second.app.accountCache.sync();
    const report = async () => {
      const response = await get(second, parentOnB, '/api/reports/family?days=7');
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{ learners: { id: string; quizzesFinished: number; streak: object }[] }>();
      return body.learners.find((row) => row.id === child.id);
    };
    expect(await report()).toMatchObject({ quizzesFinished: 0, streak: { current: 0 } });
    // Warm: the parent PIN check, the account's learners and their certifications are read again;
    // the streaks, mastery and the window's counts are remembered.
    expect(await statementsOf(report)).toBe(3);

    expect((await submit(context, childOnA, quiz)).statusCode).toBe(201);
    await second.app.accountCache.sync();
    expect(await report()).toMatchObject({ quizzesFinished: 1, streak: { current: 1 } });
  });

  it('shows on instance B, after B’s sync, a plan activated by an admin on A', async () => {
    const user = await learner();
    const onSecond = await loginAs(second, user.email);
    await second.app.accountCache.sync();
    expect((await progress(second, onSecond)).json()).toMatchObject({ allowedLevel: 0 });
    expect(await statementsOf(() => progress(second, onSecond))).toBe(0);
    expect((await activate(context, admin, user.id, 'plan199')).statusCode).toBe(200);
    await second.app.accountCache.sync();
    expect((await progress(second, onSecond)).json()).toMatchObject({ allowedLevel: 7 });
  });
});
