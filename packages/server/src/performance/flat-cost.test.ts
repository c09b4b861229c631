import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { attempts } from '../db/schema.ts';
import { ACCOUNT_CHANGED_CHANNEL } from '../lib/account-cache.ts';
import { insertCertifications, subLevelIdsOf, subscribe } from '../testing/certification.ts';
import { createTestContext, insertUser, loginAs, type TestContext } from '../testing/index.ts';
import { insertQuiz, type TestQuiz } from '../testing/quizzes.ts';

/**
 * Cost that stays flat as data grows (issue #8, docs/decisions/016-performance.md): every list
 * endpoint sends the same number of statements for one row as for many. A query per row (N+1)
 * would make the second count grow with the rows and fail here.
 */

let context: TestContext;
let admin: { authorization: string };

beforeAll(async () => {
  context = await createTestContext();
  const user = await insertUser(context.database, { role: 'admin' });
  admin = await loginAs(context, user.email);
});

afterAll(async () => {
  await context.close();
});

type Headers = { authorization: string };

/** Statements sent while answering one request, and its body. */
async function cost(
  headers: Headers,
  request: { method?: 'GET' | 'POST'; url: string; payload?: object },
): Promise<{ queries: number; body: unknown }> {
  // Cold: the account cache emptied (as any write to an account does), so its loads count too.
  context.database.announce(ACCOUNT_CHANGED_CHANNEL, '');
  const before = context.database.queryCount();
  const response = await context.request({ method: request.method ?? 'GET', headers, ...request });
  expect(response.statusCode, response.body).toBe(200);
  return { queries: context.database.queryCount() - before, body: response.json() };
}

async function learner(grade = 'c-5') {
  const user = await insertUser(context.database, { grade });
  await subscribe(context.database, user.id, 'plan299', context.clock.now);
  return { id: user.id, email: user.email, headers: await loginAs(context, user.email) };
}

/** Attempts straight into the table, one minute apart, spread over `quizzes`. */
async function insertAttempts(database: Database, userId: string, quizzes: TestQuiz[], count: number) {
  const start = context.clock.now.getTime() - count * 60_000;
  await database.db.insert(attempts).values(
    Array.from({ length: count }, (_, index) => {
      const quiz = quizzes[index % quizzes.length] as TestQuiz;
      return {
        userId,
        quizId: quiz.id,
        answers: quiz.correctAnswers,
        score: 10_000,
        correctCount: quiz.correctAnswers.length,
        total: quiz.correctAnswers.length,
        snapshot: { title: quiz.title, questions: [] },
        submittedAt: new Date(start + index * 60_000),
      };
    }),
  );
}

const base64 = (text: string) => Buffer.from(text).toString('base64');
const length = (body: unknown, key: string) => ((body as Record<string, unknown[]>)[key] ?? []).length;

describe('the number of statements of a list does not grow with its rows', () => {
  it('GET /api/quizzes/history: 1 attempt or 40 over 8 quizzes', async () => {
    const quizzes = await Promise.all(
      Array.from({ length: 8 }, (_, index) => insertQuiz(context.database, { title: `History ${index}` })),
    );
    const few = await learner();
    const many = await learner();
    await insertAttempts(context.database, few.id, quizzes.slice(0, 1), 1);
    await insertAttempts(context.database, many.id, quizzes, 40);

    const one = await cost(few.headers, { url: '/api/quizzes/history' });
    const forty = await cost(many.headers, { url: '/api/quizzes/history' });
    expect(length(one.body, 'attempts')).toBe(1);
    expect(length(forty.body, 'attempts')).toBe(40);
    expect(Object.keys((forty.body as { attemptCounts: object }).attemptCounts)).toHaveLength(8);
    expect(forty.queries).toBe(one.queries);
  });

  it('POST /api/quizzes/published: 1 quiz or 15, each with the learner’s attempts', async () => {
    const single = await insertQuiz(context.database, { grades: ['c-7'], showByDefault: true });
    const crowd = await Promise.all(
      Array.from({ length: 15 }, (_, index) =>
        insertQuiz(context.database, { title: `Crowd ${index}`, grades: ['c-8'], showByDefault: true }),
      ),
    );
    const user = await learner();
    await insertAttempts(context.database, user.id, [single, ...crowd], 32);

    const one = await cost(user.headers, {
      method: 'POST',
      url: '/api/quizzes/published',
      payload: { grade: base64('c-7') },
    });
    const fifteen = await cost(user.headers, {
      method: 'POST',
      url: '/api/quizzes/published',
      payload: { grade: base64('c-8') },
    });
    expect(length(one.body, 'quizzes')).toBe(1);
    expect(length(fifteen.body, 'quizzes')).toBe(15);
    expect(fifteen.queries).toBe(one.queries);
    // From memory the second time: only the learner's own attempts are read.
    const again = await cost(user.headers, {
      method: 'POST',
      url: '/api/quizzes/published',
      payload: { grade: base64('c-8') },
    });
    expect(again.body).toEqual(fifteen.body);
    expect(again.queries).toBeLessThan(fifteen.queries);
  });

  it('GET /api/admin/quizzes: a page of 1 quiz or 20, with attempts', async () => {
    const quizzes = await Promise.all(
      Array.from({ length: 20 }, (_, index) => insertQuiz(context.database, { title: `Paged ${index}` })),
    );
    await insertQuiz(context.database, { title: 'Solitary' });
    const user = await learner();
    await insertAttempts(context.database, user.id, quizzes, 60);

    const one = await cost(admin, { url: '/api/admin/quizzes?title=Solitary' });
    const twenty = await cost(admin, { url: '/api/admin/quizzes?title=Paged&pageSize=20' });
    expect(length(one.body, 'quizzes')).toBe(1);
    expect(length(twenty.body, 'quizzes')).toBe(20);
    expect(twenty.queries).toBe(one.queries);
  });

  it('GET /api/admin/learners: a page of 1 learner or 12', async () => {
    const tag = `flat${Date.now()}`;
    for (let index = 0; index < 12; index += 1) {
      const user = await insertUser(context.database, { email: `${tag}-${index}@example.com` });
      await subscribe(context.database, user.id, 'plan59', context.clock.now);
    }
    const one = await cost(admin, { url: `/api/admin/learners?query=${tag}-11@` });
    const twelve = await cost(admin, { url: `/api/admin/learners?query=${tag}&pageSize=12` });
    expect(length(one.body, 'learners')).toBe(1);
    expect(length(twelve.body, 'learners')).toBe(12);
    expect(twelve.queries).toBe(one.queries);
  });

  it('GET /api/admin/quizzes/stats: 1 quiz attempted or 10', async () => {
    const quizzes = await Promise.all(
      Array.from({ length: 10 }, (_, index) => insertQuiz(context.database, { title: `Stats ${index}` })),
    );
    const user = await learner();
    await insertAttempts(context.database, user.id, quizzes, 30);
    const one = await cost(admin, { url: `/api/admin/quizzes/stats?quizId=${quizzes[0]?.id}` });
    const all = await cost(admin, { url: '/api/admin/quizzes/stats' });
    expect(length(one.body, 'stats')).toBe(1);
    expect(length(all.body, 'stats')).toBeGreaterThanOrEqual(10);
    expect(all.queries).toBe(one.queries);
  });

  it('GET /api/certification/my-certifications: 1 certification or 30', async () => {
    const few = await learner();
    const many = await learner();
    await insertCertifications(context.database, few.id, subLevelIdsOf(1).slice(0, 1));
    await insertCertifications(context.database, many.id, subLevelIdsOf(1, 2, 3));
    const one = await cost(few.headers, { url: '/api/certification/my-certifications' });
    const thirty = await cost(many.headers, { url: '/api/certification/my-certifications' });
    expect(length(one.body, 'certifications')).toBe(1);
    expect(length(thirty.body, 'certifications')).toBe(30);
    expect(thirty.queries).toBe(one.queries);
  });

  it('GET /api/learning/summary: 1 attempt or 90 over 60 days in 3 categories', async () => {
    const quizzes = await Promise.all(
      ['Flat A', 'Flat B', 'Flat C'].map((category) =>
        insertQuiz(context.database, { title: `Streak ${category}`, category }),
      ),
    );
    const few = await learner();
    const many = await learner();
    /** Attempts with real snapshots (mastery reads their answers), `spacing` apart up to now. */
    const played = async (userId: string, count: number, spacing: number) => {
      await context.database.db.insert(attempts).values(
        Array.from({ length: count }, (_, index) => {
          const quiz = quizzes[index % quizzes.length] as TestQuiz;
          return {
            userId,
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
                options: [],
                correctAnswerIndex,
              })),
            },
            submittedAt: new Date(context.clock.now.getTime() - (count - 1 - index) * spacing),
          };
        }),
      );
    };
    await played(few.id, 1, 0);
    await played(many.id, 90, 16 * 3_600_000);

    const one = await cost(few.headers, { url: '/api/learning/summary' });
    const ninety = await cost(many.headers, { url: '/api/learning/summary' });
    expect(one.body).toMatchObject({ streak: { current: 1 }, dailyGoal: { done: 1 } });
    expect((ninety.body as { streak: { current: number } }).streak.current).toBeGreaterThanOrEqual(59);
    expect(length(one.body, 'mastery')).toBe(1);
    expect(length(ninety.body, 'mastery')).toBe(3);
    expect(ninety.queries).toBe(one.queries);
  });

  it('GET /api/certification/progress: 1 certification or 25', async () => {
    await insertQuiz(context.database, { title: 'Next up', level: 1, subLevel: 'L1-C2' });
    await insertQuiz(context.database, { title: 'Next up 3', level: 3, subLevel: 'L3-C6' });
    const few = await learner();
    const many = await learner();
    await insertCertifications(context.database, few.id, subLevelIdsOf(1).slice(0, 1));
    await insertCertifications(context.database, many.id, subLevelIdsOf(1, 2, 3).slice(0, 25));
    const one = await cost(few.headers, { url: '/api/certification/progress' });
    const twentyFive = await cost(many.headers, { url: '/api/certification/progress' });
    expect(one.body).toMatchObject({ completedQuizzes: 1, currentLevel: 1 });
    expect(twentyFive.body).toMatchObject({ completedQuizzes: 25, currentLevel: 3 });
    expect(twentyFive.queries).toBe(one.queries);
  });
});
