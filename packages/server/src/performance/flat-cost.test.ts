import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { attempts, certificates, reviewAnswers, reviewItems } from '../db/schema.ts';
import { ACCOUNT_CHANGED_CHANNEL } from '../lib/account-cache.ts';
import { QUIZ_CHANGED_CHANNEL } from '../lib/quiz-cache.ts';
import { insertCertifications, subLevelIdsOf, subscribe } from '../testing/certification.ts';
import { createTestContext, insertChild, insertUser, loginAs, type TestContext } from '../testing/index.ts';
import { insertQuiz, textOptions, type TestQuiz } from '../testing/quizzes.ts';

/**
 * Cost that stays flat as data grows (issue #8, docs/decisions/016-performance.md): every list
 * endpoint sends the same number of statements for one row as for many. A query per row (N+1)
 * would make the second count grow with the rows and fail here.
 */

let context: TestContext;
let admin: { authorization: string };

beforeAll(async () => {
  // Many learners sign in from one address here: the login limit is scaled up.
  context = await createTestContext({ rateLimitFactor: 100 });
  const user = await insertUser(context.database, { role: 'admin' });
  admin = await loginAs(context, user.email);
});

afterAll(async () => {
  await context.close();
});

type Headers = { authorization: string };

/** Statements sent while answering one request, and its body. */
async function cost(
  headers: Headers | null,
  request: { method?: 'GET' | 'POST'; url: string; payload?: object },
): Promise<{ queries: number; body: unknown }> {
  // Cold: the account cache emptied (as any write to an account does), so its loads count too.
  context.database.announce(ACCOUNT_CHANGED_CHANNEL, '');
  const before = context.database.queryCount();
  const response = await context.request({
    method: request.method ?? 'GET',
    ...(headers ? { headers } : {}),
    ...request,
  });
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

/**
 * Attempts with real snapshots (the draw reads which questions each showed, mastery their
 * answers), all answered right, `spacing` apart up to now. Each shows the questions `shown` picks
 * of its quiz (all of them by default).
 */
async function insertShownAttempts(
  userId: string,
  quizzes: TestQuiz[],
  count: number,
  options: { spacing?: number; shown?: (quiz: TestQuiz, index: number) => number[] } = {},
) {
  const spacing = options.spacing ?? 60_000;
  await context.database.db.insert(attempts).values(
    Array.from({ length: count }, (_, index) => {
      const quiz = quizzes[index % quizzes.length] as TestQuiz;
      const positions =
        options.shown?.(quiz, index) ?? quiz.correctAnswers.map((_answer, position) => position);
      const correct = positions.map((position) => quiz.correctAnswers[position] as number);
      return {
        userId,
        quizId: quiz.id,
        answers: correct,
        score: 10_000,
        correctCount: correct.length,
        total: correct.length,
        snapshot: {
          title: quiz.title,
          questions: positions.map((position) => ({
            questionId: quiz.questionIds[position] as string,
            questionText: `Question ${position + 1}`,
            questionImage: null,
            options: [],
            correctAnswerIndex: quiz.correctAnswers[position] as number,
          })),
        },
        submittedAt: new Date(context.clock.now.getTime() - (count - index) * spacing),
      };
    }),
  );
}

/** Questions whose right option says so, whatever order the options are shown in. */
const markedPool = (size: number, label: string) =>
  Array.from({ length: size }, (_, index) => ({
    text: `${label} ${index}`,
    options: textOptions(`right ${index}`, 'wrong a', 'wrong b', 'wrong c'),
    correctIndex: 0,
  }));

const rightAnswers = (body: unknown) =>
  (body as { questions: Array<{ options: Array<{ value: string }> }> }).questions.map((question) =>
    question.options.findIndex((option) => option.value.startsWith('right')),
  );

const range = (count: number, start = 0) => Array.from({ length: count }, (_, index) => start + index);

const drawnIds = (body: unknown) =>
  (body as { questions: Array<{ _id: string }> }).questions.map((question) => question._id);

describe('the number of statements of the learner’s new features does not grow with their history', () => {
  it('GET /api/quizzes/{id}, a new draw then the pending one: 1 past attempt of 3 questions, or 60 over 8 quizzes of a 40-question pool', async () => {
    const small = await insertQuiz(context.database, { title: 'Draw small' });
    const pool = await insertQuiz(context.database, {
      title: 'Draw pool',
      questions: markedPool(40, 'Pooled'),
      questionsPerAttempt: 10,
      attemptsAllowed: 100,
    });
    const others = await Promise.all(
      Array.from({ length: 7 }, (_, index) => insertQuiz(context.database, { title: `Draw other ${index}` })),
    );
    const few = await learner();
    const many = await learner();
    await insertShownAttempts(few.id, [small], 1);
    // 30 attempts of the pool, each showing 10 of its first 30 questions: the last 10 are unseen.
    await insertShownAttempts(many.id, [pool], 30, { shown: (_quiz, index) => range(10, (index % 3) * 10) });
    await insertShownAttempts(many.id, others, 30);

    const draw = async (user: { headers: Headers }, quiz: TestQuiz) => {
      // Cold quiz content too (as after any quiz edit): the quiz's row and grades are read each time.
      context.database.announce(QUIZ_CHANGED_CHANNEL, '');
      return cost(user.headers, { url: `/api/quizzes/${quiz.id}` });
    };
    const newOne = await draw(few, small);
    const newMany = await draw(many, pool);
    expect(newOne.body).toMatchObject({ totalQuestions: 3, attemptCount: 1 });
    expect(newMany.body).toMatchObject({ totalQuestions: 10, attemptCount: 30 });
    // The past attempts were read: the draw is the ten questions never shown.
    expect(new Set(drawnIds(newMany.body))).toEqual(new Set(pool.questionIds.slice(30)));
    expect(newMany.queries).toBe(newOne.queries);

    const pendingOne = await draw(few, small);
    const pendingMany = await draw(many, pool);
    expect(drawnIds(pendingOne.body)).toEqual(drawnIds(newOne.body));
    expect(drawnIds(pendingMany.body)).toEqual(drawnIds(newMany.body));
    expect(pendingMany.queries).toBe(pendingOne.queries);
    // A pending draw reads neither the pool nor the past attempts, nor stores a draw.
    expect(pendingOne.queries).toBeLessThan(newOne.queries);
  });

  it('GET /api/review, a new session then the pending one, and POST /api/review/submit: 1 question due or 40', async () => {
    const first = await insertQuiz(context.database, { title: 'Review A', questions: markedPool(20, 'A') });
    const second = await insertQuiz(context.database, { title: 'Review B', questions: markedPool(20, 'B') });
    const few = await learner();
    const many = await learner();
    const due = (userId: string, quiz: TestQuiz, count: number) =>
      quiz.questionIds.slice(0, count).map((questionId, index) => ({
        userId,
        questionId,
        quizId: quiz.id,
        step: index % 3,
        dueAt: new Date(context.clock.now.getTime() - (index + 1) * 3_600_000),
      }));
    await context.database.db.insert(reviewItems).values(due(few.id, first, 1));
    await context.database.db
      .insert(reviewItems)
      .values([...due(many.id, first, 20), ...due(many.id, second, 20)]);
    // Past review answers too: the review reads none of them.
    await context.database.db.insert(reviewAnswers).values(
      Array.from({ length: 50 }, (_, index) => ({
        userId: many.id,
        sessionId: randomUUID(),
        questionId: first.questionIds[index % 20] as string,
        quizId: first.id,
        correct: index % 2 === 0,
        answeredAt: new Date(context.clock.now.getTime() - (index + 1) * 86_400_000),
      })),
    );

    const newOne = await cost(few.headers, { url: '/api/review' });
    const newMany = await cost(many.headers, { url: '/api/review' });
    expect(newOne.body).toMatchObject({ due: 1 });
    expect(newMany.body).toMatchObject({ due: 40 });
    expect(length(newOne.body, 'questions')).toBe(1);
    expect(length(newMany.body, 'questions')).toBe(10);
    expect(newMany.queries).toBe(newOne.queries);

    const pendingOne = await cost(few.headers, { url: '/api/review' });
    const pendingMany = await cost(many.headers, { url: '/api/review' });
    expect(pendingOne.body).toEqual(newOne.body);
    expect(pendingMany.body).toEqual(newMany.body);
    expect(pendingMany.queries).toBe(pendingOne.queries);

    const submit = (user: { headers: Headers }, session: unknown) =>
      cost(user.headers, {
        method: 'POST',
        url: '/api/review/submit',
        payload: { answers: rightAnswers(session) },
      });
    const submittedOne = await submit(few, pendingOne.body);
    const submittedMany = await submit(many, pendingMany.body);
    expect(submittedOne.body).toMatchObject({ correctCount: 1, totalQuestions: 1, due: 0 });
    expect(submittedMany.body).toMatchObject({ correctCount: 10, totalQuestions: 10, due: 30 });
    expect(submittedMany.queries).toBe(submittedOne.queries);
  });

  it('GET /api/reports/family: a parent and 1 child with 1 attempt, or a parent and 3 children with 40 attempts, certifications and reviews each', async () => {
    const quizzes = await Promise.all(
      ['Report A', 'Report B', 'Report C'].map((category) =>
        insertQuiz(context.database, { title: `Family ${category}`, category }),
      ),
    );
    const small = await learner();
    const onlyChild = await insertChild(context.database, small.id, { firstName: 'Only' });
    await insertShownAttempts(onlyChild.id, quizzes.slice(0, 1), 1);

    const large = await learner();
    const children = await Promise.all(
      ['Asha', 'Bela', 'Chandra'].map((firstName) => insertChild(context.database, large.id, { firstName })),
    );
    for (const id of [large.id, ...children.map((child) => child.id)]) {
      await insertShownAttempts(id, quizzes, 40, { spacing: 16 * 3_600_000 });
      await insertCertifications(context.database, id, subLevelIdsOf(1, 2));
      await context.database.db.insert(reviewAnswers).values(
        Array.from({ length: 12 }, (_, index) => ({
          userId: id,
          sessionId: randomUUID(),
          questionId: quizzes[0]?.questionIds[index % 3] as string,
          quizId: quizzes[0]?.id as string,
          correct: index % 2 === 0,
          answeredAt: new Date(context.clock.now.getTime() - index * 86_400_000 - 60_000),
        })),
      );
    }

    const one = await cost(small.headers, { url: '/api/reports/family?days=30' });
    const four = await cost(large.headers, { url: '/api/reports/family?days=30' });
    type Report = { learners: Array<{ id: string; quizzesFinished: number; levelsCompleted: number }> };
    expect((one.body as Report).learners.map((row) => [row.id, row.quizzesFinished])).toEqual([
      [small.id, 0],
      [onlyChild.id, 1],
    ]);
    const rows = (four.body as Report).learners;
    expect(rows).toHaveLength(4);
    expect(rows.every((row) => row.quizzesFinished === 40 && row.levelsCompleted === 2)).toBe(true);
    expect(four.queries).toBe(one.queries);
  });
});

describe('the number of statements of a credential check does not grow with the certificates issued', () => {
  it('POST /api/credentials/verify (a credential, a code) and GET /api/certificates/verify/{code}: the first certificate, or a revoked one among 10 learners’ 21', async () => {
    /** A learner with every level of `levels` complete, and the credential (so the certificate) of each. */
    const certified = async (levels: number[]) => {
      const user = await learner();
      await insertCertifications(context.database, user.id, subLevelIdsOf(...levels));
      const credentials: string[] = [];
      for (const level of levels) {
        const response = await context.request({
          method: 'GET',
          url: `/api/certification/credential?level=${level}`,
          headers: user.headers,
        });
        expect(response.statusCode, response.body).toBe(200);
        credentials.push(response.body);
      }
      const rows = await context.database.db
        .select({ code: certificates.code })
        .from(certificates)
        .where(eq(certificates.userId, user.id))
        .orderBy(certificates.level);
      return { credential: credentials[0] as string, codes: rows.map((row) => row.code) };
    };
    const checks = async (holder: { credential: string; codes: string[] }) => {
      const code = holder.codes[0] as string;
      return {
        byCredential: await cost(null, {
          method: 'POST',
          url: '/api/credentials/verify',
          payload: { credential: holder.credential },
        }),
        byCode: await cost(null, { method: 'POST', url: '/api/credentials/verify', payload: { code } }),
        certificate: await cost(null, { url: `/api/certificates/verify/${code}` }),
      };
    };

    const first = await certified([1]);
    const alone = await checks(first);
    expect(alone.byCredential.body).toMatchObject({ status: 'valid', code: first.codes[0] });
    expect(alone.byCode.body).toMatchObject({ status: 'valid', code: first.codes[0] });
    expect(alone.certificate.body).toMatchObject({ valid: true, revokedAt: null });

    const crowd = await Promise.all(Array.from({ length: 8 }, () => certified([1, 2])));
    const last = await certified([1, 2, 3, 4]);
    for (const holder of [...crowd.slice(0, 5), last]) {
      const response = await context.request({
        method: 'POST',
        url: `/api/admin/certificates/${holder.codes[0]}/revoke`,
        headers: admin,
        payload: { reason: 'Issued in error' },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const revoked = await checks(last);
    expect(revoked.byCredential.body).toMatchObject({ status: 'revoked', code: last.codes[0] });
    expect(revoked.byCode.body).toMatchObject({ status: 'revoked', code: last.codes[0] });
    expect(revoked.certificate.body).toMatchObject({ valid: true, revocationReason: 'Issued in error' });
    expect(revoked.byCredential.queries).toBe(alone.byCredential.queries);
    expect(revoked.byCode.queries).toBe(alone.byCode.queries);
    expect(revoked.certificate.queries).toBe(alone.certificate.queries);
  });
});
