import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_ALL_QUESTIONS_MESSAGE, ERROR_CODES, type QuizResultResponse } from '@quizquest/shared';
import { attempts, questions, quizzes, subscriptions } from '../../db/schema.ts';
import { memoryRateLimiter } from '../../lib/rate-limiter.ts';
import {
  countRows,
  createTestContext,
  insertUser,
  TEST_PASSWORD,
  type TestContext,
} from '../../testing/index.ts';
import {
  insertCertifications,
  subLevelIdsBefore,
  subLevelIdsOf,
  subscribe,
} from '../../testing/certification.ts';
import { answersFor, insertQuiz, textOptions, type TestQuiz } from '../../testing/quizzes.ts';
import {
  answersAsAuthored,
  answersAsShown,
  resultAsAuthored,
  shownQuestionsOf,
} from '../../testing/shown.ts';
import { NO_PENDING_DRAW_MESSAGE, submitAttempt, type RecordedAttempt } from './service.ts';

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

type Headers = { authorization: string };

let logins = 0;

/** A signed-in user; each logs in from an address of its own, so the login throttle never counts them together. */
async function learner(role: 'learner' | 'admin' = 'learner') {
  const user = await insertUser(context.database, { role });
  logins += 1;
  const response = await context.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: TEST_PASSWORD },
    remoteAddress: `10.14.${Math.floor(logins / 250)}.${(logins % 250) + 1}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { id: user.id, headers: { authorization: `Bearer ${response.json<{ token: string }>().token}` } };
}

/** Opens the quiz and submits (answers as authored, see submitAsAuthored); other bodies as given. */
const submit = async (headers: Headers, quizId: string, payload?: unknown) => {
  if (payload !== null && typeof payload === 'object' && Object.keys(payload).join() === 'answers') {
    return context.submitAsAuthored(headers, quizId, (payload as { answers: unknown }).answers);
  }
  await context.request({ method: 'GET', url: `/api/quizzes/${quizId}`, headers });
  return context.request({
    method: 'POST',
    url: `/api/quizzes/submit/${quizId}`,
    headers: { ...headers, 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
};

const get = (headers: Headers, url: string) => context.request({ method: 'GET', url, headers });

/** Opens the quiz (the learner's pending draw) and returns all-right answers in the draw's order. */
const opened = async (user: { headers: Headers }, quiz: TestQuiz) =>
  (await context.openAsAuthored(user.headers, quiz.id, answersFor(quiz))) as number[];

async function attemptRows(userId: string, quizId?: string) {
  return context.database.db
    .select()
    .from(attempts)
    .where(
      quizId ? and(eq(attempts.userId, userId), eq(attempts.quizId, quizId)) : eq(attempts.userId, userId),
    );
}

describe('POST /api/quizzes/submit/:quizId — scoring', () => {
  let user: { id: string; headers: Headers };
  let quiz: TestQuiz;

  beforeAll(async () => {
    user = await learner();
    quiz = await insertQuiz(context.database, { attemptsAllowed: 10 });
  });

  it.each([
    ['all right', [true, true, true], 3, 100, 10_000],
    ['all wrong', [false, false, false], 0, 0, 0],
    ['one of three', [true, false, false], 1, 33.33, 3333],
    ['two of three', [false, true, true], 2, 66.67, 6667],
  ])('scores %s on the server', async (_name, right, correctCount, score, hundredths) => {
    const answers = answersFor(quiz, (index) => right[index] === true);
    const response = await submit(user.headers, quiz.id, { answers });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({ attemptId: expect.any(String), score, correctCount, totalQuestions: 3 });
    const [row] = await context.database.db.select().from(attempts).where(eq(attempts.id, body.attemptId));
    expect(row).toMatchObject({
      userId: user.id,
      quizId: quiz.id,
      score: hundredths,
      correctCount,
      total: 3,
    });
    // Stored in the order shown (decision 031): read through the snapshot, the answers given.
    if (!row) throw new Error('no attempt row');
    expect(answersAsAuthored(quiz.questionIds, row.snapshot.questions, row.answers)).toEqual(answers);
    expect(row?.submittedAt.toISOString()).toBe(context.clock.now.toISOString());
  });

  it('ignores a score or correct flags sent by the client', async () => {
    const answers = await context.openAsAuthored(
      user.headers,
      quiz.id,
      answersFor(quiz, () => false),
    );
    const response = await context.request({
      method: 'POST',
      url: `/api/quizzes/submit/${quiz.id}`,
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ answers, score: 100, correctCount: 3 }),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ score: 0, correctCount: 0 });
  });

  it('scores a quiz whose questions have different numbers of options', async () => {
    const twoOptions = await insertQuiz(context.database, {
      questions: [
        { options: textOptions('Yes', 'No'), correctIndex: 1 },
        { options: textOptions('a', 'b', 'c', 'd', 'e'), correctIndex: 4 },
      ],
    });
    const response = await submit(user.headers, twoOptions.id, { answers: [1, 4] });
    expect(response.json()).toMatchObject({ score: 100, correctCount: 2, totalQuestions: 2 });
  });
});

describe('POST /api/quizzes/submit/:quizId — bad input', () => {
  let user: { id: string; headers: Headers };
  let quiz: TestQuiz;

  beforeAll(async () => {
    user = await learner();
    quiz = await insertQuiz(context.database, { attemptsAllowed: 50 });
  });

  const badBodies: Array<[string, unknown, string | RegExp]> = [
    ['too few answers', { answers: [1, 2] }, ANSWER_ALL_QUESTIONS_MESSAGE],
    ['no answers', { answers: [] }, ANSWER_ALL_QUESTIONS_MESSAGE],
    ['too many answers', { answers: [1, 2, 0, 1] }, 'This quiz has 3 questions, but 4 answers were sent.'],
    ['an index past the last option', { answers: [1, 4, 0] }, /question 2 must be one of its 4 options/],
    ['a negative index', { answers: [-1, 2, 0] }, 'Each answer must be the number of an option'],
    ['a fraction', { answers: [1, 2, 0.5] }, 'Each answer must be the number of an option'],
    ['strings', { answers: ['1', '2', '0'] }, 'Each answer must be the number of an option'],
    ['nulls', { answers: [null, null, null] }, 'Each answer must be the number of an option'],
    ['a string instead of a list', { answers: '1,2,0' }, /Answers are required/],
    ['an object instead of a list', { answers: { 0: 1 } }, /Answers are required/],
    ['no answers field', {}, /Answers are required/],
    ['a list as the body', [1, 2, 0], /expected object/i],
    ['no body', undefined, 'A JSON body is required'],
  ];
  it.each(badBodies)('refuses %s with 400 and writes no attempt', async (_name, body, message) => {
    const before = await countRows(context.database, 'attempts');
    const response = await submit(user.headers, quiz.id, body);
    expect(response.statusCode).toBe(400);
    if (typeof message === 'string') expect(response.json().message).toBe(message);
    else expect(response.json().message).toMatch(message);
    expect(await countRows(context.database, 'attempts')).toBe(before);
  });

  it('refuses malformed JSON with 400', async () => {
    const response = await context.request({
      method: 'POST',
      url: `/api/quizzes/submit/${quiz.id}`,
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: '{"answers": [1,',
    });
    expect(response.statusCode).toBe(400);
  });

  it.each([
    ['an unknown quiz', () => '3f1c8a52-8d4e-4f0b-9a51-6f2d7c1e9b00'],
    ['a malformed id', () => 'not-a-quiz'],
    ['a deleted quiz', async () => (await insertQuiz(context.database, { deleted: true })).id],
    ['an unpublished quiz', async () => (await insertQuiz(context.database, { published: false })).id],
  ])('answers 404 for %s and writes nothing', async (_name, quizId) => {
    const before = await countRows(context.database, 'attempts');
    const response = await submit(user.headers, await quizId(), { answers: [0, 0, 0] });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Quiz not found' });
    expect(await countRows(context.database, 'attempts')).toBe(before);
  });

  it('answers 409 for a quiz without questions and writes nothing', async () => {
    const empty = await insertQuiz(context.database, { questions: [] });
    const response = await submit(user.headers, empty.id, { answers: [] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'This quiz has no questions yet.' });
    expect(await attemptRows(user.id, empty.id)).toHaveLength(0);
  });

  it('needs a signed-in user', async () => {
    const response = await context.request({
      method: 'POST',
      url: `/api/quizzes/submit/${quiz.id}`,
      payload: { answers: [1, 2, 0] },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('the attempts limit of a quiz', () => {
  it('records one attempt for 20 concurrent copies of one submission: the rest are 409', async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database, { attemptsAllowed: 3 });
    // One draw (decision 031), its answers sent 20 times at once: a double click, a replayed request.
    const answers = await context.openAsAuthored(user.headers, quiz.id, answersFor(quiz));
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => context.submitShown(user.headers, quiz.id, answers)),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    const refused = responses.filter((response) => response.statusCode !== 201);
    expect(refused).toHaveLength(19);
    for (const response of refused) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: NO_PENDING_DRAW_MESSAGE, code: ERROR_CODES.noPendingDraw });
    }
    expect(await attemptRows(user.id, quiz.id)).toHaveLength(1);
  });

  it('allows exactly attemptsAllowed attempts, even for concurrent submissions', async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database, { attemptsAllowed: 3 });
    // Rounds of 5 of the learner's tabs at once, each opening the quiz and submitting: an open draws
    // anew only once the pending draw was submitted, so a round records one attempt or more (never
    // past the limit); the rest find their draw submitted (409) or the limit reached (403). 28
    // submissions in all: within the 30 a minute of the rate limit.
    const statuses: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      const responses = await Promise.all(
        Array.from({ length: 5 }, () => submit(user.headers, quiz.id, { answers: answersFor(quiz) })),
      );
      for (const response of responses) {
        statuses.push(response.statusCode);
        if (response.statusCode === 403) {
          expect(response.json()).toEqual({
            message: 'Attempt limit reached for this quiz',
            code: ERROR_CODES.attemptLimit,
          });
        } else if (response.statusCode === 409) {
          expect(response.json()).toEqual({
            message: NO_PENDING_DRAW_MESSAGE,
            code: ERROR_CODES.noPendingDraw,
          });
        } else {
          expect(response.statusCode, response.body).toBe(201);
        }
      }
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(await attemptRows(user.id, quiz.id)).toHaveLength(3);
    // At the limit, every one of 8 concurrent tries is refused for it.
    const atLimit = await Promise.all(
      Array.from({ length: 8 }, () => submit(user.headers, quiz.id, { answers: answersFor(quiz) })),
    );
    expect(atLimit.map((response) => response.statusCode)).toEqual(Array(8).fill(403));
    expect(await attemptRows(user.id, quiz.id)).toHaveLength(3);
  });

  it('counts per learner and per quiz', async () => {
    const first = await learner();
    const second = await learner();
    const quiz = await insertQuiz(context.database, { attemptsAllowed: 1 });
    const other = await insertQuiz(context.database, { attemptsAllowed: 1 });
    expect((await submit(first.headers, quiz.id, { answers: answersFor(quiz) })).statusCode).toBe(201);
    expect((await submit(first.headers, quiz.id, { answers: answersFor(quiz) })).statusCode).toBe(403);
    expect((await submit(second.headers, quiz.id, { answers: answersFor(quiz) })).statusCode).toBe(201);
    expect((await submit(first.headers, other.id, { answers: answersFor(other) })).statusCode).toBe(201);
  });

  it('applies to certification quizzes too', async () => {
    const user = await learner();
    await subscribe(context.database, user.id, 'plan59', context.clock.now);
    const quiz = await insertQuiz(context.database, { level: 1, subLevel: 'L1-C1', attemptsAllowed: 2 });
    for (const expected of [201, 201, 403]) {
      expect((await submit(user.headers, quiz.id, { answers: answersFor(quiz) })).statusCode).toBe(expected);
    }
  });
});

describe("the plan's cap on distinct practice quizzes", () => {
  it('lets a free learner attempt 10 practice quizzes, then refuses an 11th and re-attempts alike', async () => {
    const user = await learner();
    const ten: TestQuiz[] = [];
    for (let index = 0; index < 10; index += 1) ten.push(await insertQuiz(context.database));
    for (const quiz of ten) {
      expect((await submit(user.headers, quiz.id, { answers: answersFor(quiz) })).statusCode).toBe(201);
    }
    const eleventh = await insertQuiz(context.database);
    const refused = await submit(user.headers, eleventh.id, { answers: answersFor(eleventh) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Max 10 Quizzes can be attempted. Upgrade Now.' });
    expect(await attemptRows(user.id, eleventh.id)).toHaveLength(0);

    // At the cap every start is Upgrade Now, re-attempts of quizzes already attempted included
    // (spec §4 Practice list, decision 023): the server refuses what the list refuses.
    for (const quiz of [ten[0], ten[9]] as TestQuiz[]) {
      const again = await submit(user.headers, quiz.id, { answers: answersFor(quiz) });
      expect(again.statusCode).toBe(403);
      expect(again.json()).toEqual({ message: 'Max 10 Quizzes can be attempted. Upgrade Now.' });
      expect(await attemptRows(user.id, quiz.id)).toHaveLength(1);
    }
    // Certification quizzes are not practice quizzes: the plan's levels gate them, not this cap.
    const certification = await insertQuiz(context.database, { level: 1 });
    const gated = await submit(user.headers, certification.id, { answers: answersFor(certification) });
    expect(gated.statusCode).toBe(403);
    expect(gated.json().message).toMatch(/^Level 1 is locked\./);
    // A paid plan raises the cap.
    await context.database.db.insert(subscriptions).values({
      userId: user.id,
      planId: 'plan59',
      startsAt: new Date(context.clock.now.getTime() - 1000),
      endsAt: new Date(context.clock.now.getTime() + 86_400_000),
      source: 'admin',
    });
    expect((await submit(user.headers, eleventh.id, { answers: answersFor(eleventh) })).statusCode).toBe(201);
    expect(
      (await submit(user.headers, (ten[0] as TestQuiz).id, { answers: answersFor(ten[0] as TestQuiz) }))
        .statusCode,
    ).toBe(201);
  });

  it('allows re-attempts below the cap, and refuses them once the cap is reached', async () => {
    const user = await learner();
    const nine: TestQuiz[] = [];
    for (let index = 0; index < 9; index += 1) nine.push(await insertQuiz(context.database));
    for (const quiz of nine) {
      expect((await submit(user.headers, quiz.id, { answers: answersFor(quiz) })).statusCode).toBe(201);
    }
    const first = nine[0] as TestQuiz;
    expect((await submit(user.headers, first.id, { answers: answersFor(first) })).statusCode).toBe(201);
    const tenth = await insertQuiz(context.database);
    expect((await submit(user.headers, tenth.id, { answers: answersFor(tenth) })).statusCode).toBe(201);
    for (const quiz of [first, tenth]) {
      expect((await submit(user.headers, quiz.id, { answers: answersFor(quiz) })).statusCode).toBe(403);
    }
  });

  it('refuses concurrent re-attempts at the cap, every one of them', async () => {
    const user = await learner();
    const ten: TestQuiz[] = [];
    for (let index = 0; index < 10; index += 1) {
      const quiz = await insertQuiz(context.database);
      ten.push(quiz);
      expect((await submit(user.headers, quiz.id, { answers: answersFor(quiz) })).statusCode).toBe(201);
    }
    const responses = await Promise.all(
      ten.map((quiz) => submit(user.headers, quiz.id, { answers: answersFor(quiz) })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(403));
    expect(await attemptRows(user.id)).toHaveLength(10);
  });

  it('lets only one new quiz through when the last free slot is raced for', async () => {
    const user = await learner();
    for (let index = 0; index < 9; index += 1) {
      const quiz = await insertQuiz(context.database);
      expect((await submit(user.headers, quiz.id, { answers: answersFor(quiz) })).statusCode).toBe(201);
    }
    const racers: TestQuiz[] = [];
    for (let index = 0; index < 6; index += 1) racers.push(await insertQuiz(context.database));
    const responses = await Promise.all(
      racers.map((quiz) => submit(user.headers, quiz.id, { answers: answersFor(quiz) })),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 403)).toHaveLength(5);
    const distinct = new Set((await attemptRows(user.id)).map((row) => row.quizId));
    expect(distinct.size).toBe(10);
  });

  it('applies the free cap when the paid plan is cancelled, over or not begun yet', async () => {
    const user = await learner();
    const day = 86_400_000;
    const now = context.clock.now.getTime();
    await context.database.db.insert(subscriptions).values([
      {
        userId: user.id,
        planId: 'plan299',
        startsAt: new Date(now - day),
        endsAt: new Date(now + day),
        source: 'admin',
        cancelledAt: new Date(now - 1000),
      },
      {
        userId: user.id,
        planId: 'plan199',
        startsAt: new Date(now - 2 * day),
        endsAt: new Date(now),
        source: 'admin',
      },
      {
        userId: user.id,
        planId: 'plan99',
        startsAt: new Date(now + 1000),
        endsAt: new Date(now + day),
        source: 'admin',
      },
    ]);
    for (let index = 0; index < 10; index += 1) {
      const quiz = await insertQuiz(context.database);
      expect((await submit(user.headers, quiz.id, { answers: answersFor(quiz) })).statusCode).toBe(201);
    }
    const eleventh = await insertQuiz(context.database);
    const refused = await submit(user.headers, eleventh.id, { answers: answersFor(eleventh) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Max 10 Quizzes can be attempted. Upgrade Now.' });
  });

  it('has no cap on the Ultimate plan', async () => {
    const user = await learner();
    await context.database.db.insert(subscriptions).values({
      userId: user.id,
      planId: 'plan299',
      startsAt: new Date(context.clock.now.getTime() - 1000),
      endsAt: new Date(context.clock.now.getTime() + 86_400_000),
      source: 'admin',
    });
    for (let index = 0; index < 12; index += 1) {
      const quiz = await insertQuiz(context.database);
      expect((await submit(user.headers, quiz.id, { answers: answersFor(quiz) })).statusCode).toBe(201);
    }
  });
});

describe('rate limit on submissions', () => {
  it('answers 429 after 30 submissions in a minute', async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database, { attemptsAllowed: 100 });
    for (let index = 0; index < 30; index += 1) {
      expect((await submit(user.headers, quiz.id, { answers: answersFor(quiz) })).statusCode).toBe(201);
    }
    const limited = await submit(user.headers, quiz.id, { answers: answersFor(quiz) });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/wait/i);
    expect(await attemptRows(user.id, quiz.id)).toHaveLength(30);
    // Another learner is not affected.
    const other = await learner();
    expect((await submit(other.headers, quiz.id, { answers: answersFor(quiz) })).statusCode).toBe(201);
  });
});

describe('GET /api/quizzes/result/:attemptId', () => {
  let owner: { id: string; headers: Headers };
  let quiz: TestQuiz;
  let attemptId: string;

  beforeAll(async () => {
    owner = await learner();
    await subscribe(context.database, owner.id, 'plan99', context.clock.now);
    await insertCertifications(context.database, owner.id, subLevelIdsOf(1));
    quiz = await insertQuiz(context.database, { title: 'Animals', level: 2, subLevel: 'L2-C1' });
    const answers = answersFor(quiz, (index) => index !== 1);
    attemptId = (await submit(owner.headers, quiz.id, { answers })).json().attemptId;
  });

  it('shows the owner a failed certification attempt marked, without the answer key', async () => {
    const response = await get(owner.headers, `/api/quizzes/result/${attemptId}`);
    expect(response.statusCode).toBe(200);
    // As written: the result shows the draw's order (decision 031), read back through its snapshot.
    const shown = await shownQuestionsOf(context.database, attemptId);
    expect(resultAsAuthored(quiz.questionIds, shown, response.json())).toEqual({
      quizId: quiz.id,
      quizTitle: 'Animals',
      score: 66.67,
      correctCount: 2,
      totalQuestions: 3,
      questions: [
        {
          questionText: 'What is 2 + 2?',
          questionImage: null,
          options: textOptions('3', '4', '5', '6'),
          isCorrect: true,
        },
        {
          questionText: 'Which animal says moo?',
          questionImage: null,
          options: textOptions('Cat', 'Dog', 'Cow', 'Hen'),
          isCorrect: false,
        },
        {
          questionText: 'What colour is the sky on a clear day?',
          questionImage: null,
          options: textOptions('Blue', 'Red', 'Green', 'Black'),
          isCorrect: true,
        },
      ],
      answers: [1, 0, 0],
      answersRevealed: false,
      level: 2,
      subLevel: 'L2-C1',
      submittedAt: context.clock.now.toISOString(),
    });
    expect(response.body).not.toContain('correctAnswerIndex');
  });

  it('lets an admin read it, answers revealed (the quiz editor shows them anyway)', async () => {
    const admin = await learner('admin');
    const response = await get(admin.headers, `/api/quizzes/result/${attemptId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ quizId: quiz.id, answersRevealed: true });
    const shown = await shownQuestionsOf(context.database, attemptId);
    expect(
      resultAsAuthored(quiz.questionIds, shown, response.json<QuizResultResponse>()).questions.map(
        (question) => question.correctAnswerIndex,
      ),
    ).toEqual(quiz.correctAnswers);
  });

  it('answers another learner 404, as if it did not exist', async () => {
    const stranger = await learner();
    const response = await get(stranger.headers, `/api/quizzes/result/${attemptId}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Result not found' });
  });

  it.each([
    ['an unknown id', '3f1c8a52-8d4e-4f0b-9a51-6f2d7c1e9b00'],
    ['a malformed id', 'abc'],
    ['an id with SQL', encodeURIComponent("x' or 1=1 --")],
  ])('answers 404 for %s', async (_name, id) => {
    const response = await get(owner.headers, `/api/quizzes/result/${id}`);
    expect(response.statusCode).toBe(404);
  });

  it('survives the quiz being edited and deleted afterwards', async () => {
    const user = await learner();
    const edited = await insertQuiz(context.database, { title: 'Before the edit' });
    const answers = answersFor(edited);
    const id = (await submit(user.headers, edited.id, { answers })).json().attemptId;
    const before = (await get(user.headers, `/api/quizzes/result/${id}`)).json();

    await context.database.db
      .update(questions)
      .set({ text: 'Changed question', options: textOptions('w', 'x', 'y', 'z'), correctIndex: 3 })
      .where(eq(questions.quizId, edited.id));
    await context.database.db
      .update(quizzes)
      .set({ title: 'After the edit', deletedAt: context.clock.now })
      .where(eq(quizzes.id, edited.id));
    const afterEdit = await get(user.headers, `/api/quizzes/result/${id}`);
    expect(afterEdit.statusCode).toBe(200);
    expect(afterEdit.json()).toEqual(before);
    expect(afterEdit.json()).toMatchObject({ quizTitle: 'Before the edit', score: 100 });

    await context.database.db.delete(questions).where(eq(questions.quizId, edited.id));
    expect((await get(user.headers, `/api/quizzes/result/${id}`)).json()).toEqual(before);
    // The history shows the title as attempted too (attempts.quiz_title, kept from the snapshot).
    const history = (await get(user.headers, '/api/quizzes/history')).json();
    expect(history.attempts[0]).toMatchObject({ _id: id, quiz: { title: 'Before the edit' } });
  });
});

describe('what a result reveals (issue 14 item 11)', () => {
  interface Result {
    answersRevealed: boolean;
    questions: Array<{ options: unknown[]; isCorrect: boolean; correctAnswerIndex?: number }>;
    answers: number[];
  }

  async function certificationLearner() {
    const user = await learner();
    await subscribe(context.database, user.id, 'plan59', context.clock.now);
    return user;
  }

  const failing = (quiz: TestQuiz) => answersFor(quiz, (index) => index === 0);

  async function submitted(user: { headers: Headers }, quiz: TestQuiz, answers: number[]) {
    const response = await submit(user.headers, quiz.id, { answers });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ attemptId: string }>().attemptId;
  }

  /** The result, its questions read back in the order written (the draw shuffled them, decision 031). */
  async function result(user: { headers: Headers }, attemptId: string, quiz: TestQuiz) {
    const response = await get(user.headers, `/api/quizzes/result/${attemptId}`);
    expect(response.statusCode, response.body).toBe(200);
    const shown = await shownQuestionsOf(context.database, attemptId);
    return { body: response.body, json: resultAsAuthored(quiz.questionIds, shown, response.json<Result>()) };
  }

  /** The learner's own data export, as text (it must not carry what the result hides). */
  async function exported(user: { headers: Headers }) {
    const response = await get(user.headers, '/api/user/export');
    expect(response.statusCode).toBe(200);
    return response.body;
  }

  const expectHidden = ({ body, json }: { body: string; json: Result }) => {
    expect(json.answersRevealed).toBe(false);
    expect(body).not.toContain('correctAnswerIndex');
  };
  const expectRevealed = ({ json }: { json: Result }, quiz: TestQuiz) => {
    expect(json.answersRevealed).toBe(true);
    expect(json.questions.map((question) => question.correctAnswerIndex)).toEqual(quiz.correctAnswers);
  };

  it('a practice result shows the correct answers at once, attempts left or not', async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database, { attemptsAllowed: 3 });
    const id = await submitted(user, quiz, failing(quiz));
    const shown = await result(user, id, quiz);
    expectRevealed(shown, quiz);
    expect(shown.json.questions.map((question) => question.isCorrect)).toEqual([true, false, false]);
    expect(await exported(user)).toContain('correctAnswerIndex');
  });

  it('a failed certification attempt with attempts left carries no correctAnswerIndex anywhere', async () => {
    const user = await certificationLearner();
    const quiz = await insertQuiz(context.database, { level: 1, subLevel: 'L1-C1', attemptsAllowed: 3 });
    const id = await submitted(user, quiz, failing(quiz));
    const shown = await result(user, id, quiz);
    expectHidden(shown);
    expect(shown.json.questions.map((question) => question.isCorrect)).toEqual([true, false, false]);
    expect(await exported(user)).not.toContain('correctAnswerIndex');
    expect((await get(user.headers, '/api/quizzes/history')).body).not.toContain('correctAnswerIndex');
    // A second failure leaves one attempt: still hidden.
    expectHidden(await result(user, await submitted(user, quiz, failing(quiz)), quiz));
    expectHidden(await result(user, id, quiz));
  });

  it('reveals every attempt of the sub-level once it is earned', async () => {
    const user = await certificationLearner();
    const quiz = await insertQuiz(context.database, { level: 1, subLevel: 'L1-C1', attemptsAllowed: 3 });
    const failed = await submitted(user, quiz, failing(quiz));
    expectHidden(await result(user, failed, quiz));
    const passed = await submitted(user, quiz, answersFor(quiz));
    expectRevealed(await result(user, passed, quiz), quiz);
    expectRevealed(await result(user, failed, quiz), quiz);
    expect(await exported(user)).toContain('correctAnswerIndex');
  });

  it('reveals them after the last allowed attempt, even when failed', async () => {
    const user = await certificationLearner();
    const quiz = await insertQuiz(context.database, { level: 1, subLevel: 'L1-C1', attemptsAllowed: 2 });
    const first = await submitted(user, quiz, failing(quiz));
    expectHidden(await result(user, first, quiz));
    expect(await exported(user)).not.toContain('correctAnswerIndex');
    const last = await submitted(user, quiz, failing(quiz));
    expectRevealed(await result(user, last, quiz), quiz);
    expectRevealed(await result(user, first, quiz), quiz);
    expect(await exported(user)).toContain('correctAnswerIndex');
  });

  it('reveals them once the quiz is deleted (it can never be attempted again)', async () => {
    const user = await certificationLearner();
    const quiz = await insertQuiz(context.database, { level: 1, subLevel: 'L1-C1', attemptsAllowed: 3 });
    const id = await submitted(user, quiz, failing(quiz));
    expectHidden(await result(user, id, quiz));
    await context.database.db
      .update(quizzes)
      .set({ deletedAt: context.clock.now })
      .where(eq(quizzes.id, quiz.id));
    expectRevealed(await result(user, id, quiz), quiz);
  });

  it('counts the owner’s attempts, not another learner’s', async () => {
    const [first, second] = [await certificationLearner(), await certificationLearner()];
    const quiz = await insertQuiz(context.database, { level: 1, subLevel: 'L1-C1', attemptsAllowed: 2 });
    const id = await submitted(first, quiz, failing(quiz));
    await submitted(second, quiz, failing(quiz));
    await submitted(second, quiz, answersFor(quiz));
    expectHidden(await result(first, id, quiz));
  });
});

describe('GET /api/quizzes/history', () => {
  it('lists the learner’s attempts newest first, filtered by type, with the limits', async () => {
    const user = await learner();
    await subscribe(context.database, user.id, 'plan59', context.clock.now);
    // Number Ninja (L1-C2) opens once Alphabet Adventurer (L1-C1) is earned.
    await insertCertifications(context.database, user.id, ['L1-C1']);
    const stranger = await learner();
    const maths = await insertQuiz(context.database, {
      title: 'Maths 1',
      category: 'Maths',
      attemptsAllowed: 5,
    });
    const science = await insertQuiz(context.database, { title: 'Science 1', category: 'Science' });
    const certification = await insertQuiz(context.database, {
      title: 'Number Ninja',
      category: null,
      level: 1,
      subLevel: 'L1-C2',
      attemptsAllowed: 2,
    });
    const start = context.clock.now.getTime();
    const ids: string[] = [];
    for (const [quiz, right] of [
      [maths, 3],
      [science, 0],
      [certification, 3],
      [maths, 2],
    ] as const) {
      context.clock.advance(60_000);
      const response = await submit(user.headers, quiz.id, {
        answers: answersFor(quiz, (index) => index < right),
      });
      ids.push(response.json().attemptId);
    }
    await submit(stranger.headers, maths.id, { answers: answersFor(maths) });

    const all = await get(user.headers, '/api/quizzes/history');
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.attempts.map((attempt: { _id: string }) => attempt._id)).toEqual([...ids].reverse());
    // The answers in the order the learner was shown the questions and options (decision 031).
    const shown = await shownQuestionsOf(context.database, ids[3] as string);
    expect(body.attempts[0]).toEqual({
      _id: ids[3],
      quiz: { _id: maths.id, title: 'Maths 1', category: 'Maths', level: 0, subLevel: null },
      score: 66.67,
      correctCount: 2,
      totalQuestions: 3,
      answers: answersAsShown(
        maths.questionIds,
        shown,
        answersFor(maths, (index) => index < 2),
      ),
      submittedAt: new Date(start + 4 * 60_000).toISOString(),
    });
    expect(body.attempts[1].quiz).toEqual({
      _id: certification.id,
      title: 'Number Ninja',
      category: null,
      level: 1,
      subLevel: 'L1-C2',
    });
    expect(body.maxQuizLimit).toBe(50);
    expect(body.distinctQuizzesAttempted).toBe(2);
    expect(body.quizLimits).toEqual({ [maths.id]: 5, [science.id]: 3, [certification.id]: 2 });
    expect(body.attemptCounts).toEqual({ [maths.id]: 2, [science.id]: 1, [certification.id]: 1 });
    expect(body.nextBefore).toBeNull();

    const practice = (await get(user.headers, '/api/quizzes/history?type=practice')).json();
    expect(practice.attempts.map((attempt: { _id: string }) => attempt._id)).toEqual([
      ids[3],
      ids[1],
      ids[0],
    ]);
    expect(practice.quizLimits).toEqual({ [maths.id]: 5, [science.id]: 3 });
    expect(practice.distinctQuizzesAttempted).toBe(2);

    const certificationOnly = (await get(user.headers, '/api/quizzes/history?type=certification')).json();
    expect(certificationOnly.attempts.map((attempt: { _id: string }) => attempt._id)).toEqual([ids[2]]);
    expect(certificationOnly.quizLimits).toEqual({ [certification.id]: 2 });
  });

  it('pages with limit and before', async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database, { attemptsAllowed: 10 });
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      context.clock.advance(1000);
      ids.push((await submit(user.headers, quiz.id, { answers: answersFor(quiz) })).json().attemptId);
    }
    const newestFirst = [...ids].reverse();
    const first = (await get(user.headers, '/api/quizzes/history?limit=2')).json();
    expect(first.attempts.map((attempt: { _id: string }) => attempt._id)).toEqual(newestFirst.slice(0, 2));
    expect(first.nextBefore).toBe(first.attempts[1].submittedAt);
    // The per-quiz counts cover the whole history, not just the page.
    expect(first.attemptCounts).toEqual({ [quiz.id]: 5 });

    const second = (
      await get(user.headers, `/api/quizzes/history?limit=2&before=${first.nextBefore}`)
    ).json();
    expect(second.attempts.map((attempt: { _id: string }) => attempt._id)).toEqual(newestFirst.slice(2, 4));
    const last = (await get(user.headers, `/api/quizzes/history?limit=2&before=${second.nextBefore}`)).json();
    expect(last.attempts.map((attempt: { _id: string }) => attempt._id)).toEqual(newestFirst.slice(4));
    expect(last.nextBefore).toBeNull();
  });

  it('shows an unlimited plan as maxQuizLimit null', async () => {
    const user = await learner();
    await context.database.db.insert(subscriptions).values({
      userId: user.id,
      planId: 'plan299',
      startsAt: new Date(context.clock.now.getTime() - 1000),
      endsAt: new Date(context.clock.now.getTime() + 86_400_000),
      source: 'admin',
    });
    const body = (await get(user.headers, '/api/quizzes/history')).json();
    expect(body).toEqual({
      attempts: [],
      maxQuizLimit: null,
      distinctQuizzesAttempted: 0,
      quizLimits: {},
      attemptCounts: {},
      nextBefore: null,
    });
  });

  it('uses the same number of queries for 2 attempts as for 12', async () => {
    const few = await learner();
    const many = await learner();
    const quizzesForMany: TestQuiz[] = [];
    for (let index = 0; index < 4; index += 1) quizzesForMany.push(await insertQuiz(context.database));
    const quiz = await insertQuiz(context.database);
    for (let index = 0; index < 2; index += 1)
      await submit(few.headers, quiz.id, { answers: answersFor(quiz) });
    for (const each of quizzesForMany) {
      for (let index = 0; index < 3; index += 1)
        await submit(many.headers, each.id, { answers: answersFor(each) });
    }
    const queriesFor = async (headers: Headers, expected: number) => {
      const before = context.database.queryCount();
      const response = await get(headers, '/api/quizzes/history');
      expect(response.json().attempts).toHaveLength(expected);
      return context.database.queryCount() - before;
    };
    expect(await queriesFor(many.headers, 12)).toBe(await queriesFor(few.headers, 2));
  });

  it.each([
    ['an unknown type', 'type=exam'],
    ['a zero limit', 'limit=0'],
    ['a limit over 500', 'limit=501'],
    ['a word as limit', 'limit=many'],
    ['a bad cursor', 'before=yesterday'],
  ])('refuses %s with 400', async (_name, query) => {
    const user = await learner();
    const response = await get(user.headers, `/api/quizzes/history?${query}`);
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().message).toBe('string');
  });
});

describe('the statements of a submission', () => {
  const deps = () => ({
    db: context.database.db,
    now: () => context.clock.now,
    rateLimiter: memoryRateLimiter(),
    rateLimitFactor: 1,
    accountCache: context.app.accountCache,
  });

  /**
   * What one submission sends inside its transaction besides BEGIN and COMMIT (PGlite's
   * transactions do not log them), and the notices to other instances it sends after its commit.
   */
  async function sentBy(run: () => Promise<unknown>) {
    const sent = await context.database.captureQueries(() => run().catch(() => undefined));
    const texts = sent
      .map((query) => query.sql)
      .filter((text) => !/^\s*(begin|commit|rollback)\b/i.test(text));
    return {
      inTransaction: texts.filter((text) => !text.includes('pg_notify')),
      notices: texts.filter((text) => text.includes('pg_notify')),
    };
  }
  const statementsOf = async (run: () => Promise<unknown>) => (await sentBy(run)).inTransaction;

  it('sends two for a practice quiz, first attempt, re-attempt or refusal alike', async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database, { attemptsAllowed: 2 });
    // Each attempt answers the draw the learner opened first (decision 031), outside the count.
    let answers = await opened(user, quiz);
    const attempt = () => submitAttempt(deps(), user.id, quiz.id, answers);
    // The first attempt reads the plan's cap and the distinct practice count; in the same statement.
    expect(await statementsOf(attempt)).toHaveLength(2);
    answers = await opened(user, quiz);
    expect(await statementsOf(attempt)).toHaveLength(2);
    answers = await opened(user, quiz);
    const refused = await sentBy(attempt);
    expect(refused.inTransaction).toHaveLength(2);
    // A refusal recorded nothing: nobody is told.
    expect(refused.notices).toEqual([]);
    // It left the draw pending, so the limit is what refuses it again.
    await expect(attempt()).rejects.toMatchObject({
      statusCode: 403,
      message: 'Attempt limit reached for this quiz',
    });
    expect(await attemptRows(user.id, quiz.id)).toHaveLength(2);
  });

  it('sends one, the locked read, for a draw already submitted, and records nothing', async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database, { attemptsAllowed: 5 });
    const answers = await opened(user, quiz);
    await submitAttempt(deps(), user.id, quiz.id, answers);
    const again = await sentBy(() =>
      expect(submitAttempt(deps(), user.id, quiz.id, answers)).rejects.toMatchObject({
        statusCode: 409,
        message: NO_PENDING_DRAW_MESSAGE,
      }),
    );
    expect(again.inTransaction).toHaveLength(1);
    expect(again.notices).toEqual([]);
    expect(await attemptRows(user.id, quiz.id)).toHaveLength(1);
  });

  it('tells every instance once the attempt is committed, in one statement after the transaction', async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database);
    const answers = await opened(user, quiz);
    const { notices } = await sentBy(() => submitAttempt(deps(), user.id, quiz.id, answers));
    // The embedded database has one process: its instances hear it in-process, with no statement
    // (account-cache.api.test.ts checks another instance still drops the counts).
    expect(notices).toHaveLength(context.database.kind === 'postgres' ? 1 : 0);
  });

  it('takes the user lock in the first and checks the limits in the second', async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database);
    const answers = await opened(user, quiz);
    const [lock, insert] = await statementsOf(() => submitAttempt(deps(), user.id, quiz.id, answers));
    expect(lock).toMatch(/for update of "users"/i);
    expect(insert).toMatch(/insert into "attempts"/i);
  });
});

describe('the attempt-recorded extension point', () => {
  const deps = () => ({
    db: context.database.db,
    now: () => context.clock.now,
    rateLimiter: memoryRateLimiter(),
    rateLimitFactor: 1,
    accountCache: context.app.accountCache,
  });

  it('runs inside the submit transaction, after the attempt is inserted', async () => {
    const user = await learner();
    await subscribe(context.database, user.id, 'plan99', context.clock.now);
    await insertCertifications(context.database, user.id, [
      ...subLevelIdsOf(1, 2),
      ...subLevelIdsBefore('L3-C7'),
    ]);
    const quiz = await insertQuiz(context.database, { level: 3, subLevel: 'L3-C7' });
    const seen: Array<{ event: RecordedAttempt; rowVisible: boolean }> = [];
    const result = await submitAttempt(deps(), user.id, quiz.id, await opened(user, quiz), {
      onAttemptRecorded: async (tx, event) => {
        const rows = await tx
          .select({ id: attempts.id })
          .from(attempts)
          .where(eq(attempts.id, event.attemptId));
        seen.push({ event, rowVisible: rows.length === 1 });
      },
    });
    expect(seen).toEqual([
      {
        rowVisible: true,
        event: {
          attemptId: result.attemptId,
          userId: user.id,
          quiz: { id: quiz.id, level: 3, subLevel: 'L3-C7', passScore: 100 },
          scoreHundredths: 10_000,
          correctCount: 3,
          totalQuestions: 3,
          submittedAt: context.clock.now,
        },
      },
    ]);
  });

  it('rolls the attempt back when the hook fails', async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database);
    const answers = await opened(user, quiz);
    await expect(
      submitAttempt(deps(), user.id, quiz.id, answers, {
        onAttemptRecorded: async () => {
          throw new Error(`certification failed ${randomBytes(2).toString('hex')}`);
        },
      }),
    ).rejects.toThrow(/certification failed/);
    expect(await attemptRows(user.id)).toHaveLength(0);
    const [{ count } = { count: -1 }] = await context.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(attempts)
      .where(eq(attempts.quizId, quiz.id));
    expect(count).toBe(0);
    // The draw is still pending: the learner can submit it once the hook works.
    await expect(submitAttempt(deps(), user.id, quiz.id, answers)).resolves.toMatchObject({ score: 100 });
  });
});
