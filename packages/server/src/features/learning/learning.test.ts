import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIME_ZONE_MESSAGE, type LearningSummaryResponse } from '@quizquest/shared';
import { attempts } from '../../db/schema.ts';
import { createTestContext, insertUser, loginAs, type TestContext } from '../../testing/index.ts';
import { answersFor, insertQuiz, textOptions, type TestQuiz } from '../../testing/quizzes.ts';

/**
 * GET /api/learning/summary (issue 16, decision 030): the learner's own streak, daily goal and
 * mastery, with days counted in the learner's time zone. The clock is the app's (context.clock).
 */

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext({ rateLimitFactor: 100 });
});
afterAll(async () => {
  await context.close();
});

type Headers = { authorization: string };

async function learner() {
  const user = await insertUser(context.database, { grade: 'c-3' });
  return { id: user.id, headers: await loginAs(context, user.email) };
}

async function summary(headers: Headers): Promise<LearningSummaryResponse> {
  const response = await context.request({ method: 'GET', url: '/api/learning/summary', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LearningSummaryResponse>();
}

async function submit(headers: Headers, quiz: TestQuiz, rightAt?: (index: number) => boolean) {
  const response = await context.submitAsAuthored(headers, quiz.id, answersFor(quiz, rightAt));
  expect(response.statusCode, response.body).toBe(201);
}

const tenQuestions = Array.from({ length: 10 }, (_, index) => ({
  text: `Question ${index + 1}`,
  options: textOptions('A', 'B', 'C', 'D'),
  correctIndex: index % 4,
}));

async function setTimeZone(headers: Headers, timeZone: unknown) {
  return context.request({
    method: 'PUT',
    url: '/api/user/profile',
    headers,
    payload: { first_name: 'Test', last_name: 'Learner', grade: 'c-3', timeZone },
  });
}

describe('GET /api/learning/summary', () => {
  it('answers 401 without a token', async () => {
    const response = await context.request({ method: 'GET', url: '/api/learning/summary' });
    expect(response.statusCode).toBe(401);
  });

  it('a new learner: no streak yet, the goal open, no mastery, in Asia/Kolkata', async () => {
    context.clock.now = new Date('2026-03-01T20:00:00Z');
    const user = await learner();
    expect(await summary(user.headers)).toEqual({
      timeZone: 'Asia/Kolkata',
      today: '2026-03-02',
      streak: { current: 0, goalMetToday: false },
      dailyGoal: { target: 1, done: 0 },
      mastery: [],
      // Nothing in the review box yet (decision 032).
      reviewDue: 0,
    });
  });

  it('counts local days: 23:50 and 00:10 in Kolkata are two days, in UTC one', async () => {
    context.clock.now = new Date('2026-03-01T12:00:00Z');
    const user = await learner();
    const first = await insertQuiz(context.database, { title: 'Late evening' });
    const second = await insertQuiz(context.database, { title: 'Just after midnight' });
    context.clock.now = new Date('2026-03-01T18:20:00Z'); // 23:50 in Kolkata, 1 March
    await submit(user.headers, first);
    context.clock.now = new Date('2026-03-01T18:40:00Z'); // 00:10 in Kolkata, 2 March
    await submit(user.headers, second);

    const kolkata = await summary(user.headers);
    expect(kolkata.today).toBe('2026-03-02');
    expect(kolkata.streak).toEqual({ current: 2, goalMetToday: true });
    expect(kolkata.dailyGoal).toEqual({ target: 1, done: 1 });

    expect((await setTimeZone(user.headers, 'UTC')).statusCode).toBe(200);
    const utc = await summary(user.headers);
    expect(utc.timeZone).toBe('UTC');
    expect(utc.today).toBe('2026-03-01');
    expect(utc.streak).toEqual({ current: 1, goalMetToday: true });
    expect(utc.dailyGoal).toEqual({ target: 1, done: 2 });
  });

  it('keeps the streak through a day not yet played, and starts again after a missed day', async () => {
    context.clock.now = new Date('2026-04-10T06:00:00Z');
    const user = await learner();
    const quizzes = await Promise.all(
      [1, 2, 3].map((n) => insertQuiz(context.database, { title: `Day ${n}` })),
    );
    for (const [index, quiz] of quizzes.entries()) {
      context.clock.now = new Date(Date.UTC(2026, 3, 10 + index, 6)); // 11:30 in Kolkata
      await submit(user.headers, quiz);
    }
    expect((await summary(user.headers)).streak).toEqual({ current: 3, goalMetToday: true });

    // The next morning: today is still open, the streak is not lost.
    context.clock.now = new Date('2026-04-13T03:00:00Z');
    const morning = await summary(user.headers);
    expect(morning.streak).toEqual({ current: 3, goalMetToday: false });
    expect(morning.dailyGoal.done).toBe(0);

    // A day missed: a new streak can start (the number is 0, never a message about a loss).
    context.clock.now = new Date('2026-04-14T03:00:00Z');
    expect((await summary(user.headers)).streak).toEqual({ current: 0, goalMetToday: false });
  });

  it('never counts another learner’s attempts', async () => {
    context.clock.now = new Date('2026-05-05T05:00:00Z');
    const owner = await learner();
    const other = await learner();
    const quiz = await insertQuiz(context.database, { title: 'Not yours', category: 'Owned' });
    await submit(other.headers, quiz);
    await submit(other.headers, quiz);

    const mine = await summary(owner.headers);
    expect(mine.streak).toEqual({ current: 0, goalMetToday: false });
    expect(mine.dailyGoal.done).toBe(0);
    expect(mine.mastery).toEqual([]);

    const theirs = await summary(other.headers);
    expect(theirs.dailyGoal.done).toBe(2);
    expect(theirs.mastery).toEqual([{ category: 'Owned', level: 'attempted', answered: 6, correct: 6 }]);
  });

  it('mastery per category from submitted attempts: the last 20 answers, General without a category', async () => {
    context.clock.now = new Date('2026-06-01T05:00:00Z');
    const user = await learner();
    const maths = await insertQuiz(context.database, {
      title: 'Times tables',
      category: 'Maths',
      questions: tenQuestions,
    });
    const science = await insertQuiz(context.database, {
      title: 'Plants',
      category: 'Science',
      questions: tenQuestions,
    });
    const general = await insertQuiz(context.database, { title: 'Odds and ends', category: null });

    // Maths: all wrong first, then all right twice: only the last 20 answers count.
    await submit(user.headers, maths, () => false);
    context.clock.advance(60_000);
    await submit(user.headers, maths);
    context.clock.advance(60_000);
    await submit(user.headers, maths);
    // Science: 7 of 10.
    await submit(user.headers, science, (index) => index < 7);
    // General: 2 of 3, fewer than 10 answers.
    await submit(user.headers, general, (index) => index !== 1);

    expect((await summary(user.headers)).mastery).toEqual([
      { category: 'General', level: 'attempted', answered: 3, correct: 2 },
      // 100 % of the last 20, but none of them in a review yet: proficient, not mastered.
      { category: 'Maths', level: 'proficient', answered: 20, correct: 20 },
      { category: 'Science', level: 'familiar', answered: 10, correct: 7 },
    ]);
  });

  it('counts a certification quiz in its category, and one without a category nowhere', async () => {
    context.clock.now = new Date('2026-06-10T05:00:00Z');
    const user = await learner();
    const categorised = await insertQuiz(context.database, { level: 1, category: 'Logic' });
    const uncategorised = await insertQuiz(context.database, { level: 1, category: null });
    // Straight into the table: the certification gate is not what this test is about.
    await context.database.db.insert(attempts).values(
      [categorised, uncategorised].map((quiz) => ({
        userId: user.id,
        quizId: quiz.id,
        answers: quiz.correctAnswers,
        score: 10_000,
        correctCount: quiz.correctAnswers.length,
        total: quiz.correctAnswers.length,
        snapshot: {
          title: quiz.title,
          questions: quiz.correctAnswers.map((correctAnswerIndex) => ({
            questionText: 'Q',
            questionImage: null,
            options: textOptions('A', 'B', 'C', 'D'),
            correctAnswerIndex,
          })),
        },
        submittedAt: context.clock.now,
      })),
    );
    const result = await summary(user.headers);
    expect(result.mastery).toEqual([{ category: 'Logic', level: 'attempted', answered: 3, correct: 3 }]);
    expect(result.dailyGoal.done).toBe(2);
  });

  it('refuses a bad time zone and keeps counting in the old one', async () => {
    context.clock.now = new Date('2026-07-01T20:00:00Z');
    const user = await learner();
    for (const timeZone of ['Nowhere/Special', '+05:30', 'UTC; select 1', '']) {
      const response = await setTimeZone(user.headers, timeZone);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(TIME_ZONE_MESSAGE);
    }
    const result = await summary(user.headers);
    expect(result.timeZone).toBe('Asia/Kolkata');
    expect(result.today).toBe('2026-07-02');
  });
});
