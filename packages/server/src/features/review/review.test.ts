import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  localDay,
  startOfLocalDay,
  type LearningSummaryResponse,
  type QuizAttemptResponse,
  type ReviewSessionResponse,
  type SubmitReviewResponse,
} from '@quizquest/shared';
import { attempts, quizzes, reviewAnswers, reviewItems } from '../../db/schema.ts';
import { createTestContext, insertUser, loginAs, type TestContext } from '../../testing/index.ts';
import { subscribe } from '../../testing/certification.ts';
import { insertQuiz, textOptions, type TestQuestion } from '../../testing/quizzes.ts';

/**
 * The review box (issue 16 item 3, decision 032), on both databases and with the app's clock
 * (context.clock): wrong practice answers come back at once, then after 1, 3, 7 and 21 days as
 * they are answered right; a wrong answer starts again; reviews count for the streak and the
 * daily goal and never for a quiz's attempts.
 */

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext({ rateLimitFactor: 100 });
  // Midday in India, so "the start of the day after" is a whole local day away.
  context.clock.now = new Date('2026-11-24T06:30:00.000Z');
});
afterAll(async () => {
  await context.close();
});

type Headers = { authorization: string };
const ZONE = 'Asia/Kolkata';

async function learner(): Promise<{ id: string; headers: Headers }> {
  const user = await insertUser(context.database, { grade: 'c-3' });
  return { id: user.id, headers: await loginAs(context, user.email) };
}

function pool(size: number, label = 'Q'): TestQuestion[] {
  return Array.from({ length: size }, (_, index) => ({
    text: `${label}: what is ${index} + 1?`,
    options: textOptions(String(index + 1), String(index + 2), String(index + 3), String(index + 4)),
    correctIndex: 0,
    explanation: `One more than ${index} is ${index + 1}.`,
  }));
}

const rightValue = (text: string) => String(Number(/what is (\d+)/.exec(text)?.[1]) + 1);

/** Takes a quiz, answering wrong the questions `wrong` picks. */
async function takeQuiz(headers: Headers, quizId: string, wrong: (text: string) => boolean) {
  const opened = await context.request({ method: 'GET', url: `/api/quizzes/${quizId}`, headers });
  const quiz = opened.json<QuizAttemptResponse>();
  const answers = quiz.questions.map((question) => {
    const right = question.options.findIndex((option) => option.value === rightValue(question.questionText));
    return wrong(question.questionText) ? (right + 1) % 4 : right;
  });
  const response = await context.request({
    method: 'POST',
    url: `/api/quizzes/submit/${quizId}`,
    headers,
    payload: { answers },
  });
  expect(response.statusCode, response.body).toBe(201);
  return quiz;
}

async function review(headers: Headers): Promise<ReviewSessionResponse> {
  const response = await context.request({ method: 'GET', url: '/api/review', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReviewSessionResponse>();
}

function answersFor(session: ReviewSessionResponse, wrong: (text: string) => boolean = () => false) {
  return session.questions.map((question) => {
    const right = question.options.findIndex((option) => option.value === rightValue(question.questionText));
    return wrong(question.questionText) ? (right + 1) % 4 : right;
  });
}

const submitReview = (headers: Headers, answers: unknown) =>
  context.request({ method: 'POST', url: '/api/review/submit', headers, payload: { answers } });

/** The start of the learner's local day `days` after today. */
const dayStart = (days: number) =>
  startOfLocalDay(addDays(localDay(context.clock.now, ZONE), days), ZONE).toISOString();

describe('filling the review box', () => {
  it('puts each practice question answered wrong in the box, due at once, and nothing answered right', async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database, { questions: pool(6) });
    expect(await review(user.headers)).toEqual({ due: 0, questions: [] });
    const missed = new Set(['Q: what is 1 + 1?', 'Q: what is 4 + 1?']);
    await takeQuiz(user.headers, quiz.id, (text) => missed.has(text));
    const session = await review(user.headers);
    expect(session.due).toBe(2);
    expect(new Set(session.questions.map((question) => question.questionText))).toEqual(missed);
    expect(session.questions[0]?.quizTitle).toBe(quiz.title);
    // Without answers, as a quiz is.
    expect(JSON.stringify(session)).not.toMatch(/correct|explanation|optionOrder/i);
    // The same session on every reload.
    expect(await review(user.headers)).toEqual(session);
  });

  it('leaves certification questions out (their answers stay hidden while they can be earned)', async () => {
    const user = await learner();
    await subscribe(context.database, user.id, 'plan59', context.clock.now);
    const quiz = await insertQuiz(context.database, { questions: pool(3, 'C'), level: 1, subLevel: 'L1-C1' });
    await takeQuiz(user.headers, quiz.id, () => true);
    expect((await review(user.headers)).due).toBe(0);
  });

  it('draws at most 10 questions across quizzes, the longest overdue first', async () => {
    const user = await learner();
    const first = await insertQuiz(context.database, { questions: pool(8, 'A') });
    const second = await insertQuiz(context.database, { questions: pool(8, 'B') });
    await takeQuiz(user.headers, first.id, () => true);
    context.clock.advance(60_000);
    await takeQuiz(user.headers, second.id, () => true);
    const session = await review(user.headers);
    expect(session.due).toBe(16);
    expect(session.questions).toHaveLength(10);
    expect(session.questions.filter((question) => question.questionText.startsWith('A:'))).toHaveLength(8);
  });

  it('hides the questions of a deleted quiz', async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database, { questions: pool(2, 'D') });
    await takeQuiz(user.headers, quiz.id, () => true);
    await context.database.db
      .update(quizzes)
      .set({ deletedAt: context.clock.now })
      .where(eq(quizzes.id, quiz.id));
    expect(await review(user.headers)).toEqual({ due: 0, questions: [] });
  });
});

describe('the schedule', () => {
  it('brings a question back after 1, 3, 7 and 21 days as it is answered right, then it is learnt', async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database, { questions: pool(3, 'S') });
    await takeQuiz(user.headers, quiz.id, (text) => text === 'S: what is 2 + 1?');
    for (const days of [1, 3, 7, 21]) {
      const session = await review(user.headers);
      expect(session.due, `before the ${days}-day step`).toBe(1);
      const response = await submitReview(user.headers, answersFor(session));
      expect(response.statusCode, response.body).toBe(200);
      const result = response.json<SubmitReviewResponse>();
      expect(result).toMatchObject({ correctCount: 1, totalQuestions: 1, due: 0 });
      expect(result.results[0]).toMatchObject({
        isCorrect: true,
        explanation: 'One more than 2 is 3.',
        nextDueAt: dayStart(days),
        // Counted in the learner's zone, whatever the device's.
        nextDueInDays: days,
      });
      expect(result.results[0]?.options[result.results[0].correctAnswerIndex]?.value).toBe('3');
      // Not due a minute before its day starts; due once it has.
      context.clock.now = new Date(new Date(dayStart(days)).getTime() - 60_000);
      expect((await review(user.headers)).due).toBe(0);
      context.clock.advance(2 * 60_000);
    }
    const last = await submitReview(user.headers, answersFor(await review(user.headers)));
    expect(last.json<SubmitReviewResponse>().results[0]?.nextDueAt).toBeNull();
    context.clock.advance(400 * 24 * 3_600_000);
    expect((await review(user.headers)).due).toBe(0);
    expect(
      await context.database.db.select().from(reviewItems).where(eq(reviewItems.userId, user.id)),
    ).toEqual([]);
  });

  it('sends a question answered wrong in a review back to the start: due again at once', async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database, { questions: pool(2, 'W') });
    await takeQuiz(user.headers, quiz.id, () => true);
    const session = await review(user.headers);
    const missed = session.questions[0]?.questionText ?? '';
    const result = (
      await submitReview(
        user.headers,
        answersFor(session, (text) => text === missed),
      )
    ).json<SubmitReviewResponse>();
    const wrong = result.results.find((question) => question.questionText === missed);
    expect(wrong).toMatchObject({
      isCorrect: false,
      nextDueAt: context.clock.now.toISOString(),
      nextDueInDays: 0,
    });
    expect(result.due).toBe(1);
    const next = await review(user.headers);
    expect(next.questions.map((question) => question.questionText)).toEqual([missed]);
  });
});

describe('submitting a review', () => {
  it('refuses a submission without a pending session, and a second copy of one, writing nothing', async () => {
    const user = await learner();
    const none = await submitReview(user.headers, [0]);
    expect(none.statusCode).toBe(409);
    const quiz = await insertQuiz(context.database, { questions: pool(3, 'R') });
    await takeQuiz(user.headers, quiz.id, () => true);
    const session = await review(user.headers);
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => submitReview(user.headers, answersFor(session))),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const answered = await context.database.db
      .select()
      .from(reviewAnswers)
      .where(eq(reviewAnswers.userId, user.id));
    expect(answered).toHaveLength(3);
  });

  it.each([
    ['too few answers', [0]],
    ['an option that does not exist', [0, 0, 9]],
    ['a negative index', [0, 0, -1]],
    ['text', ['a', 'b', 'c']],
    ['no list', 'all'],
    ['more than a session holds', Array(11).fill(0)],
  ])('refuses %s with 400, keeping the session', async (_, answers) => {
    const user = await learner();
    const quiz = await insertQuiz(context.database, { questions: pool(3, 'X') });
    await takeQuiz(user.headers, quiz.id, () => true);
    const session = await review(user.headers);
    const response = await submitReview(user.headers, answers);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('message');
    expect(await review(user.headers)).toEqual(session);
  });

  it('counts toward no quiz’s attempts and no history', async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database, { questions: pool(3, 'N'), attemptsAllowed: 1 });
    await takeQuiz(user.headers, quiz.id, () => true);
    await submitReview(user.headers, answersFor(await review(user.headers)));
    expect(
      await context.database.db.select().from(attempts).where(eq(attempts.userId, user.id)),
    ).toHaveLength(1);
    const history = await context.request({
      method: 'GET',
      url: '/api/quizzes/history',
      headers: user.headers,
    });
    expect(history.json<{ attempts: unknown[] }>().attempts).toHaveLength(1);
  });

  it('needs a signed-in learner', async () => {
    expect((await context.request({ method: 'GET', url: '/api/review' })).statusCode).toBe(401);
    expect(
      (await context.request({ method: 'POST', url: '/api/review/submit', payload: { answers: [] } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('reviews in the learning summary', () => {
  it('a review session alone meets the daily goal and keeps the streak; the summary says what is due', async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database, { questions: pool(4, 'G') });
    await takeQuiz(user.headers, quiz.id, () => true);
    const summary = async () =>
      (
        await context.request({ method: 'GET', url: '/api/learning/summary', headers: user.headers })
      ).json<LearningSummaryResponse>();
    expect(await summary()).toMatchObject({ reviewDue: 4, dailyGoal: { done: 1 }, streak: { current: 1 } });
    // The next day: no quiz, one review session.
    context.clock.advance(24 * 3_600_000);
    expect((await summary()).dailyGoal.done).toBe(0);
    // Every instance is told, as after a quiz: their remembered streak and mastery are dropped.
    const told = vi.spyOn(context.app.accountCache, 'publishAttempts');
    await submitReview(user.headers, answersFor(await review(user.headers)));
    expect(told).toHaveBeenCalledWith(user.id);
    told.mockRestore();
    expect(await summary()).toMatchObject({
      reviewDue: 0,
      dailyGoal: { done: 1 },
      streak: { current: 2, goalMetToday: true },
    });
  });
});
