import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminQuizDetail, AdminQuizInput, QuizResultResponse } from '@quizquest/shared';
import { createTestContext, insertUser, TEST_PASSWORD, type TestContext } from '../../testing/index.ts';
import { subscribe } from '../../testing/certification.ts';
import { pngImage, quizBody, textOptions } from '../../testing/admin-quizzes.ts';
import { resultAsAuthored, shownQuestionsOf } from '../../testing/shown.ts';

/**
 * Explanations on the learner's side (issue 16 item 1, decision 029): the quiz a learner attempts
 * never carries them; a result carries them under exactly the answer key's reveal rule, from the
 * attempt's snapshot, so a later edit does not change a result already given.
 */

let context: TestContext;
let admin: Headers;

type Headers = { authorization: string };

let logins = 0;
async function signedIn(role: 'learner' | 'admin' = 'learner') {
  const user = await insertUser(context.database, { role, grade: 'c-4' });
  logins += 1;
  const response = await context.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: TEST_PASSWORD },
    remoteAddress: `10.16.${Math.floor(logins / 250)}.${(logins % 250) + 1}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { id: user.id, headers: { authorization: `Bearer ${response.json<{ token: string }>().token}` } };
}

beforeAll(async () => {
  context = await createTestContext();
  admin = (await signedIn('admin')).headers;
});
afterAll(async () => {
  await context.close();
});

const FIRST_EXPLANATION = 'Mars looks red because its soil is full of rust.';
const SECOND_EXPLANATION = 'Saturn has the biggest, brightest rings of all the planets.';

let titles = 0;
/** Creates a quiz through the admin API: both questions explained, the second with an image. */
async function createQuiz(overrides: Partial<AdminQuizInput> = {}): Promise<AdminQuizDetail> {
  titles += 1;
  const body = quizBody({ title: `Explained planets ${titles}`, ...overrides });
  const image = (await pngImage('#a04020', 8, 6)).dataString;
  body.questions = body.questions.map((question, index) => ({
    ...question,
    explanation: index === 0 ? FIRST_EXPLANATION : SECOND_EXPLANATION,
    explanationImage: index === 1 ? image : null,
  }));
  const response = await context.request({
    method: 'POST',
    url: '/api/admin/quizzes/add',
    headers: admin,
    payload: body as object,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ quiz: AdminQuizDetail }>().quiz;
}

/** Opens the quiz and submits answers written per question as authored (submitAsAuthored). */
async function submitted(headers: Headers, quizId: string, answers: number[]): Promise<string> {
  const response = await context.submitAsAuthored(headers, quizId, answers);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ attemptId: string }>().attemptId;
}

/**
 * A result, its questions read back in the order `quiz` has them (the learner's draw shuffled
 * questions and options, decision 031; the attempt's snapshot says how).
 */
async function result(headers: Headers, attemptId: string, quiz: AdminQuizDetail) {
  const response = await context.request({
    method: 'GET',
    url: `/api/quizzes/result/${attemptId}`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  const shown = await shownQuestionsOf(context.database, attemptId);
  const questionIds = quiz.questions.map((question) => question._id);
  return {
    body: response.body,
    json: resultAsAuthored(questionIds, shown, response.json<QuizResultResponse>()),
  };
}

/** The quiz's correct answers are 1 and 3 (quizBody): this gets the first right, the second wrong. */
const HALF_RIGHT = [1, 0];
const ALL_RIGHT = [1, 3];

function expectRevealed(shown: { json: QuizResultResponse }, quiz: AdminQuizDetail) {
  expect(shown.json.answersRevealed).toBe(true);
  expect(shown.json.questions.map((question) => question.correctAnswerIndex)).toEqual([1, 3]);
  expect(shown.json.questions.map((question) => question.explanation)).toEqual([
    FIRST_EXPLANATION,
    SECOND_EXPLANATION,
  ]);
  expect(shown.json.questions[0]?.explanationImage).toBeNull();
  expect(shown.json.questions[1]?.explanationImage).toBe(quiz.questions[1]?.explanationImage);
  expect(shown.json.questions[1]?.explanationImage).toMatch(/^\/api\/media\/[0-9a-f]{64}$/);
}

function expectHidden(shown: { body: string; json: QuizResultResponse }, quiz: AdminQuizDetail) {
  expect(shown.json.answersRevealed).toBe(false);
  for (const text of ['correctAnswerIndex', 'explanation', FIRST_EXPLANATION, SECOND_EXPLANATION]) {
    expect(shown.body).not.toContain(text);
  }
  expect(shown.body).not.toContain(quiz.questions[1]?.explanationImage ?? 'no image');
  expect(shown.json.questions.map((question) => question.isCorrect)).toEqual([true, false]);
}

describe("a learner's quiz payload", () => {
  it('never carries an explanation or its image, nor the answer', async () => {
    const quiz = await createQuiz();
    expect(quiz.questions.map((question) => question.explanation)).toEqual([
      FIRST_EXPLANATION,
      SECOND_EXPLANATION,
    ]);
    const learner = await signedIn();
    const response = await context.request({
      method: 'GET',
      url: `/api/quizzes/${quiz._id}`,
      headers: learner.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ questions: unknown[] }>().questions).toHaveLength(2);
    for (const text of [
      'explanation',
      'correctAnswerIndex',
      FIRST_EXPLANATION,
      SECOND_EXPLANATION,
      quiz.questions[1]?.explanationImage ?? 'no image',
    ]) {
      expect(response.body).not.toContain(text);
    }
  });
});

describe('GET /api/quizzes/result/:attemptId — explanations follow the reveal rule', () => {
  it('a practice result carries each question’s correct answer and explanation', async () => {
    const quiz = await createQuiz();
    const learner = await signedIn();
    const shown = await result(learner.headers, await submitted(learner.headers, quiz._id, HALF_RIGHT), quiz);
    expectRevealed(shown, quiz);
    expect(shown.json.questions.map((question) => question.isCorrect)).toEqual([true, false]);
    // The learner's data export shows what the result shows.
    const exported = await context.request({
      method: 'GET',
      url: '/api/user/export',
      headers: learner.headers,
    });
    expect(exported.body).toContain(SECOND_EXPLANATION);
  });

  it('a question without an explanation has null: the page shows only the correct answer', async () => {
    const body = quizBody({ title: 'Planets without explanations' });
    const response = await context.request({
      method: 'POST',
      url: '/api/admin/quizzes/add',
      headers: admin,
      payload: body as object,
    });
    expect(response.statusCode, response.body).toBe(201);
    const quiz = response.json<{ quiz: AdminQuizDetail }>().quiz;
    const learner = await signedIn();
    const shown = await result(learner.headers, await submitted(learner.headers, quiz._id, HALF_RIGHT), quiz);
    expect(shown.json.questions.map((question) => [question.explanation, question.explanationImage])).toEqual(
      [
        [null, null],
        [null, null],
      ],
    );
    expect(shown.json.questions.map((question) => question.correctAnswerIndex)).toEqual([1, 3]);
  });

  it('a failed certification attempt with attempts left carries no explanation; earning reveals them', async () => {
    const quiz = await createQuiz({ level: 1, subLevel: 'L1-C1', attemptsAllowed: 3 });
    const learner = await signedIn();
    await subscribe(context.database, learner.id, 'plan59', context.clock.now);
    const failed = await submitted(learner.headers, quiz._id, HALF_RIGHT);
    expectHidden(await result(learner.headers, failed, quiz), quiz);
    const exported = await context.request({
      method: 'GET',
      url: '/api/user/export',
      headers: learner.headers,
    });
    expect(exported.body).not.toContain(SECOND_EXPLANATION);
    expect(exported.body).not.toContain('explanation');

    const passed = await submitted(learner.headers, quiz._id, ALL_RIGHT);
    expectRevealed(await result(learner.headers, passed, quiz), quiz);
    expectRevealed(await result(learner.headers, failed, quiz), quiz);
  });

  it('reveals them after the last allowed attempt, even when failed', async () => {
    const quiz = await createQuiz({ level: 1, subLevel: 'L1-C1', attemptsAllowed: 2 });
    const learner = await signedIn();
    await subscribe(context.database, learner.id, 'plan59', context.clock.now);
    const first = await submitted(learner.headers, quiz._id, HALF_RIGHT);
    expectHidden(await result(learner.headers, first, quiz), quiz);
    const last = await submitted(learner.headers, quiz._id, HALF_RIGHT);
    expectRevealed(await result(learner.headers, last, quiz), quiz);
    expectRevealed(await result(learner.headers, first, quiz), quiz);
  });
});

describe('the attempt snapshot', () => {
  it('keeps the explanations as attempted: a later edit changes new results only', async () => {
    const quiz = await createQuiz();
    const learner = await signedIn();
    const before = await submitted(learner.headers, quiz._id, HALF_RIGHT);

    const edited = quizBody({ title: quiz.title });
    edited.questions = edited.questions.map((question, index) => ({
      ...question,
      explanation: index === 1 ? 'Saturn: rings of ice and rock.' : '',
      explanationImage: null,
    }));
    const put = await context.request({
      method: 'PUT',
      url: `/api/admin/quizzes/${quiz._id}`,
      headers: admin,
      payload: edited as object,
    });
    expect(put.statusCode, put.body).toBe(200);

    expectRevealed(await result(learner.headers, before, quiz), quiz);
    const editedQuiz = put.json<{ quiz: AdminQuizDetail }>().quiz;
    const after = await result(
      learner.headers,
      await submitted(learner.headers, quiz._id, HALF_RIGHT),
      editedQuiz,
    );
    expect(after.json.questions.map((question) => [question.explanation, question.explanationImage])).toEqual(
      [
        [null, null],
        ['Saturn: rings of ice and rock.', null],
      ],
    );
  });

  it('an older snapshot without explanation keys reads as none', async () => {
    const quiz = await createQuiz({
      questions: [
        {
          questionText: 'Which planet is red?',
          correctAnswerIndex: 1,
          options: textOptions('Venus', 'Mars', 'Earth', 'Jupiter'),
        },
      ],
    });
    const learner = await signedIn();
    const id = await submitted(learner.headers, quiz._id, [0]);
    // As written before migration 0008: no explanation keys.
    await context.database.db.execute(
      `update attempts set snapshot = jsonb_set(snapshot, '{questions,0}',
         (snapshot->'questions'->0) - 'explanation' - 'explanationImage') where id = '${id}'`,
    );
    const shown = await result(learner.headers, id, quiz);
    expect(shown.json.questions[0]).toMatchObject({
      correctAnswerIndex: 1,
      explanation: null,
      explanationImage: null,
    });
  });
});
