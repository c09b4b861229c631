import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAMILY_ADMIN_MESSAGE,
  FAMILY_ERROR_CODES,
  FamilyReportQuery,
  PARENT_PIN_HEADER,
  PIN_REQUIRED_MESSAGE,
  type FamilyReportResponse,
  type LearnerReport,
  type LearningSummaryResponse,
} from '@quizquest/shared';
import { attempts, quizDraws, reviewAnswers, users } from '../../db/schema.ts';
import { ACCOUNT_CHANGED_CHANNEL } from '../../lib/account-cache.ts';
import { insertCertifications, subLevelIdsOf } from '../../testing/certification.ts';
import {
  createTestContext,
  insertChild,
  insertUser,
  loginAs,
  type TestContext,
} from '../../testing/index.ts';
import { answersFor, insertQuiz, type TestQuiz } from '../../testing/quizzes.ts';

/**
 * GET /api/reports/family (issue 19, decision 035): every learner of the requester's account, their
 * figures over the last 7 or 30 days and where each stands now. The clock is the app's
 * (context.clock); attempts are written straight into the table at chosen times.
 */

let context: TestContext;
let maths: TestQuiz;
let science: TestQuiz;
let uncategorised: TestQuiz;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Wednesday 25 November 2026, 12:00 in Kolkata. */
const NOW = new Date('2026-11-25T06:30:00Z');

beforeAll(async () => {
  context = await createTestContext({ rateLimitFactor: 100 });
  maths = await insertQuiz(context.database, { title: 'Report maths', category: 'Maths' });
  science = await insertQuiz(context.database, { title: 'Report science', category: 'Science' });
  uncategorised = await insertQuiz(context.database, { title: 'Report general', category: null });
});
afterAll(async () => {
  await context.close();
});

type Headers = Record<string, string>;

/** An account: its holder (the first child, who signs in) and the headers of the holder's token. */
async function account(values: { language?: 'en' | 'hi' } = {}) {
  const holder = await insertUser(context.database, { grade: 'c-4' });
  if (values.language) {
    await context.database.db.update(users).set({ language: values.language }).where(eq(users.id, holder.id));
  }
  return { holder, headers: await loginAs(context, holder.email) };
}

/**
 * An attempt straight into the table: `right` of the quiz's three questions answered right,
 * submitted `ago` ms before NOW, opened `spentMs` before that (null: an attempt from before
 * started_at was kept).
 */
async function attempt(
  userId: string,
  quiz: TestQuiz,
  options: { ago: number; spentMs: number | null; right: number },
) {
  const submittedAt = new Date(NOW.getTime() - options.ago);
  const answers = answersFor(quiz, (index) => index < options.right);
  await context.database.db.insert(attempts).values({
    userId,
    quizId: quiz.id,
    answers,
    score: Math.round((options.right / quiz.correctAnswers.length) * 10_000),
    correctCount: options.right,
    total: quiz.correctAnswers.length,
    snapshot: {
      title: quiz.title,
      questions: quiz.correctAnswers.map((correctAnswerIndex, index) => ({
        questionId: quiz.questionIds[index],
        questionText: `Question ${index + 1}`,
        questionImage: null,
        options: [],
        correctAnswerIndex,
      })),
    },
    submittedAt,
    startedAt: options.spentMs === null ? null : new Date(submittedAt.getTime() - options.spentMs),
  });
}

async function report(headers: Headers, query = '') {
  const response = await context.request({ method: 'GET', url: `/api/reports/family${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FamilyReportResponse>();
}

const learnerOf = (body: FamilyReportResponse, id: string) => {
  const learner = body.learners.find((row) => row.id === id);
  expect(learner, `learner ${id} in the report`).toBeDefined();
  return learner as LearnerReport;
};

describe('GET /api/reports/family', () => {
  it('answers 401 without a token', async () => {
    const response = await context.request({ method: 'GET', url: '/api/reports/family' });
    expect(response.statusCode).toBe(401);
  });

  it('reports every learner of the account, each with their own figures, over 7 or 30 days', async () => {
    context.clock.now = NOW;
    const { holder, headers } = await account();
    const child = await insertChild(context.database, holder.id, { firstName: 'Asha', grade: 'c-2' });

    // The holder: two quizzes this week (10 minutes, and 45 capped at 30), one without a category
    // and kept before started_at (no minutes), and one 20 days ago (5 minutes).
    await attempt(holder.id, maths, { ago: 2 * DAY, spentMs: 10 * MINUTE, right: 3 });
    await attempt(holder.id, science, { ago: 1 * DAY, spentMs: 45 * MINUTE, right: 2 });
    await attempt(holder.id, uncategorised, { ago: 3 * DAY, spentMs: null, right: 3 });
    await attempt(holder.id, maths, { ago: 20 * DAY, spentMs: 5 * MINUTE, right: 1 });
    await insertCertifications(
      context.database,
      holder.id,
      subLevelIdsOf(1),
      new Date(NOW.getTime() - 40 * DAY),
    );
    // The child: yesterday and today (7 and 3.5 minutes), two sub-levels earned two days ago.
    await attempt(child.id, maths, { ago: 1 * DAY, spentMs: 7 * MINUTE, right: 1 });
    await attempt(child.id, science, { ago: 30 * MINUTE, spentMs: 3.5 * MINUTE, right: 3 });
    await insertCertifications(
      context.database,
      child.id,
      ['L1-C1', 'L1-C2'],
      new Date(NOW.getTime() - 2 * DAY),
    );

    const week = await report(headers, '?days=7');
    expect(week.days).toBe(7);
    expect(week.from).toBe(new Date(NOW.getTime() - 7 * DAY).toISOString());
    expect(week.to).toBe(NOW.toISOString());
    // The account holder's row first, then the children as they were added.
    expect(week.learners.map((row) => row.id)).toEqual([holder.id, child.id]);

    const holderWeek = learnerOf(week, holder.id);
    expect(holderWeek).toMatchObject({
      first_name: 'Test',
      last_name: 'Learner',
      grade: 'c-4',
      quizzesFinished: 3,
      minutesSpent: 40,
      certificationsEarned: 0,
      levelsCompleted: 1,
    });
    expect(holderWeek.accuracy).toEqual([
      { category: 'General', answered: 3, correct: 3 },
      { category: 'Maths', answered: 3, correct: 3 },
      { category: 'Science', answered: 3, correct: 2 },
    ]);

    const childWeek = learnerOf(week, child.id);
    expect(childWeek).toMatchObject({
      first_name: 'Asha',
      last_name: 'Child',
      grade: 'c-2',
      quizzesFinished: 2,
      minutesSpent: 11, // 10.5 minutes, rounded
      certificationsEarned: 2,
      levelsCompleted: 0,
      streak: { current: 2 },
    });
    expect(childWeek.accuracy).toEqual([
      { category: 'Maths', answered: 3, correct: 1 },
      { category: 'Science', answered: 3, correct: 3 },
    ]);
    expect(childWeek.mastery).toEqual([
      { category: 'Maths', level: 'attempted', answered: 3, correct: 1 },
      { category: 'Science', level: 'attempted', answered: 3, correct: 3 },
    ]);

    const month = await report(headers, '?days=30');
    expect(month.days).toBe(30);
    expect(month.from).toBe(new Date(NOW.getTime() - 30 * DAY).toISOString());
    const holderMonth = learnerOf(month, holder.id);
    expect(holderMonth).toMatchObject({ quizzesFinished: 4, minutesSpent: 45, certificationsEarned: 0 });
    expect(holderMonth.accuracy).toContainEqual({ category: 'Maths', answered: 6, correct: 4 });
    expect(learnerOf(month, child.id)).toMatchObject({ quizzesFinished: 2, certificationsEarned: 2 });

    // Without days: the last 7.
    expect((await report(headers)).days).toBe(7);
  });

  it('shows the mastery and streak the learner’s own dashboard shows', async () => {
    context.clock.now = NOW;
    const { holder, headers } = await account();
    for (let day = 0; day < 4; day += 1) {
      await attempt(holder.id, maths, { ago: day * DAY + 10 * MINUTE, spentMs: MINUTE, right: 3 });
      await attempt(holder.id, science, {
        ago: day * DAY + 20 * MINUTE,
        spentMs: MINUTE,
        right: day % 2 ? 3 : 1,
      });
    }
    const summaryResponse = await context.request({ method: 'GET', url: '/api/learning/summary', headers });
    const summary = summaryResponse.json<LearningSummaryResponse>();
    const mine = learnerOf(await report(headers), holder.id);
    expect(mine.mastery).toEqual(summary.mastery);
    expect(mine.mastery).toEqual([
      { category: 'Maths', level: 'proficient', answered: 12, correct: 12 },
      { category: 'Science', level: 'attempted', answered: 12, correct: 8 },
    ]);
    expect(mine.streak.current).toBe(summary.streak.current);
    expect(mine.streak.current).toBe(4);
  });

  it('counts the window from (inclusive) to now (exclusive), and each attempt at most 30 minutes', async () => {
    context.clock.now = NOW;
    const { holder, headers } = await account();
    await attempt(holder.id, maths, { ago: 7 * DAY, spentMs: 2 * 60 * MINUTE, right: 3 }); // the first instant
    await attempt(holder.id, maths, { ago: 7 * DAY + 1, spentMs: 5 * MINUTE, right: 3 }); // just before it
    await attempt(holder.id, science, { ago: 0, spentMs: 5 * MINUTE, right: 3 }); // now: not yet in it
    await attempt(holder.id, science, { ago: 1, spentMs: 29 * MINUTE, right: 3 });
    const mine = learnerOf(await report(headers, '?days=7'), holder.id);
    expect(mine.quizzesFinished).toBe(2);
    expect(mine.minutesSpent).toBe(30 + 29);
  });

  it('never shows a learner of another account, nor counts their attempts', async () => {
    context.clock.now = NOW;
    const mine = await account();
    const theirs = await account();
    const theirChild = await insertChild(context.database, theirs.holder.id, { firstName: 'Ravi' });
    await attempt(theirs.holder.id, maths, { ago: DAY, spentMs: 10 * MINUTE, right: 3 });
    await attempt(theirChild.id, maths, { ago: DAY, spentMs: 10 * MINUTE, right: 3 });
    await insertCertifications(context.database, theirChild.id, ['L1-C1'], new Date(NOW.getTime() - DAY));

    const body = await report(mine.headers, '?days=30');
    expect(body.learners.map((row) => row.id)).toEqual([mine.holder.id]);
    expect(body.learners[0]).toMatchObject({
      quizzesFinished: 0,
      minutesSpent: 0,
      accuracy: [],
      mastery: [],
      certificationsEarned: 0,
      levelsCompleted: 0,
      streak: { current: 0 },
    });
    const other = await report(theirs.headers, '?days=30');
    expect(other.learners.map((row) => row.id)).toEqual([theirs.holder.id, theirChild.id]);
    expect(learnerOf(other, theirChild.id)).toMatchObject({ quizzesFinished: 1, certificationsEarned: 1 });
  });

  it.each([['?days=14'], ['?days=abc'], ['?days=']])('refuses %s with 400 and a message', async (query) => {
    const { headers } = await account();
    const response = await context.request({ method: 'GET', url: `/api/reports/family${query}`, headers });
    expect(response.statusCode).toBe(400);
    // The schema's own message (shared FamilyReportQuery), never a generic one.
    const message = FamilyReportQuery.safeParse({ days: '14' }).error?.issues[0]?.message;
    expect(message).toMatch(/7 or 30/);
    expect(response.json()).toMatchObject({ message, errors: { days: message } });
  });

  it('answers 403 to an admin: admin accounts have no children', async () => {
    const admin = await insertUser(context.database, { role: 'admin' });
    const headers = await loginAs(context, admin.email);
    const response = await context.request({ method: 'GET', url: '/api/reports/family', headers });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: FAMILY_ADMIN_MESSAGE });
  });

  it('asks for the parent PIN when the account has one', async () => {
    const { holder, headers } = await account();
    await context.database.db.update(users).set({ pinHash: 'a PIN is set' }).where(eq(users.id, holder.id));
    const response = await context.request({ method: 'GET', url: '/api/reports/family', headers });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: PIN_REQUIRED_MESSAGE, code: FAMILY_ERROR_CODES.pinRequired });
    const wrongProof = await context.request({
      method: 'GET',
      url: '/api/reports/family',
      headers: { ...headers, [PARENT_PIN_HEADER]: 'not-a-proof' },
    });
    expect(wrongProof.statusCode).toBe(403);
  });

  it('sends as many statements for a long history of several children as for one quiz of one child', async () => {
    context.clock.now = NOW;
    const small = await account();
    await attempt(small.holder.id, maths, { ago: DAY, spentMs: MINUTE, right: 3 });

    const large = await account();
    const children = [
      large.holder,
      await insertChild(context.database, large.holder.id, { firstName: 'Two' }),
      await insertChild(context.database, large.holder.id, { firstName: 'Three' }),
    ];
    const quizzes = [maths, science, uncategorised];
    for (const learner of children) {
      for (let index = 0; index < 30; index += 1) {
        await attempt(learner.id, quizzes[index % 3] as TestQuiz, {
          ago: index * DAY + MINUTE,
          spentMs: index % 4 === 0 ? null : (index + 1) * MINUTE,
          right: index % 4,
        });
      }
      await insertCertifications(
        context.database,
        learner.id,
        subLevelIdsOf(1, 2),
        new Date(NOW.getTime() - DAY),
      );
      await context.database.db.insert(reviewAnswers).values(
        Array.from({ length: 12 }, (_, index) => ({
          userId: learner.id,
          sessionId: randomUUID(),
          questionId: maths.questionIds[index % 3] as string,
          quizId: maths.id,
          correct: index % 2 === 0,
          answeredAt: new Date(NOW.getTime() - index * DAY - 5 * MINUTE),
        })),
      );
    }

    const cost = async (headers: Headers) => {
      // Cold: the account cache emptied (as any write to an account does), so its loads count too.
      context.database.announce(ACCOUNT_CHANGED_CHANNEL, '');
      const before = context.database.queryCount();
      const body = await report(headers, '?days=30');
      return { statements: context.database.queryCount() - before, body };
    };
    const one = await cost(small.headers);
    const many = await cost(large.headers);
    expect(one.body.learners).toHaveLength(1);
    expect(many.body.learners).toHaveLength(3);
    expect(many.body.learners.every((learner) => learner.quizzesFinished === 30)).toBe(true);
    expect(many.body.learners.every((learner) => learner.levelsCompleted === 2)).toBe(true);
    expect(many.statements).toBe(one.statements);
  });
});

describe('a submission keeps when its quiz was opened', () => {
  it("sets the attempt's started_at to its draw's creation", async () => {
    context.clock.now = new Date();
    const { holder, headers } = await account();
    const quiz = await insertQuiz(context.database, { title: 'Opened then submitted' });
    const answers = await context.openAsAuthored(headers, quiz.id, answersFor(quiz));
    const [draw] = await context.database.db
      .select({ createdAt: quizDraws.createdAt })
      .from(quizDraws)
      .where(and(eq(quizDraws.userId, holder.id), eq(quizDraws.quizId, quiz.id)));
    expect(draw).toBeDefined();
    context.clock.advance(4 * MINUTE);
    const submitted = await context.submitShown(headers, quiz.id, answers);
    expect(submitted.statusCode, submitted.body).toBe(201);
    const [row] = await context.database.db
      .select({ startedAt: attempts.startedAt, submittedAt: attempts.submittedAt })
      .from(attempts)
      .where(eq(attempts.id, submitted.json<{ attemptId: string }>().attemptId));
    expect(row?.startedAt?.toISOString()).toBe(draw?.createdAt.toISOString());
    expect(row?.submittedAt.toISOString()).toBe(context.clock.now.toISOString());
  });
});
