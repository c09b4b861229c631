import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuizAttemptResponse, QuizResultResponse } from '@quizquest/shared';
import { generateQuiz } from '@quizquest/shared/generators';
import { attempts, questions, quizDraws, quizzes } from '../../db/schema.ts';
import { QUIZ_CHANGED_CHANNEL } from '../../lib/quiz-cache.ts';
import { createTestContext, insertUser, loginAs, type TestContext } from '../../testing/index.ts';
import { insertQuiz, textOptions, type TestQuestion } from '../../testing/quizzes.ts';

/**
 * Question pools and a draw per attempt (issue 16 item 2, decision 031), on both databases: the
 * draw is made on the first read and kept until submitted, concurrent first reads make one draw,
 * the submission is scored against it, and the next draw prefers unseen, then wrong questions.
 */

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext({ rateLimitFactor: 100 });
});
afterAll(async () => {
  await context.close();
});

type Headers = { authorization: string };

async function learner(): Promise<{ id: string; headers: Headers }> {
  const user = await insertUser(context.database, { grade: 'c-3' });
  return { id: user.id, headers: await loginAs(context, user.email) };
}

/** A pool of `size` questions "What is n + 1?" whose correct option is always the text n + 1. */
function pool(size: number): TestQuestion[] {
  return Array.from({ length: size }, (_, index) => ({
    text: `What is ${index} + 1?`,
    options: textOptions(String(index + 1), String(index + 2), String(index + 3), String(index + 4)),
    correctIndex: 0,
    explanation: `Count one on from ${index}.`,
  }));
}

const correctValue = (questionText: string) => String(Number(/What is (\d+)/.exec(questionText)?.[1]) + 1);

async function open(headers: Headers, quizId: string): Promise<QuizAttemptResponse> {
  const response = await context.request({ method: 'GET', url: `/api/quizzes/${quizId}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<QuizAttemptResponse>();
}

/** The shown index of each question's right answer, or of a wrong one where `wrong` says so. */
function answersTo(
  quiz: QuizAttemptResponse,
  wrong: (questionText: string) => boolean = () => false,
): number[] {
  return quiz.questions.map((question) => {
    const right = question.options.findIndex(
      (option) => option.value === correctValue(question.questionText),
    );
    return wrong(question.questionText) ? (right + 1) % question.options.length : right;
  });
}

async function submit(headers: Headers, quizId: string, answers: number[]) {
  return context.request({
    method: 'POST',
    url: `/api/quizzes/submit/${quizId}`,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ answers }),
  });
}

const texts = (quiz: QuizAttemptResponse) => quiz.questions.map((question) => question.questionText);

describe('the pending draw', () => {
  it('shows questionsPerAttempt of the pool, the same on every reload, with stable question ids', async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database, { questions: pool(30), questionsPerAttempt: 10 });
    const first = await open(user.headers, quiz.id);
    expect(first.questions).toHaveLength(10);
    expect(first.totalQuestions).toBe(10);
    expect(new Set(texts(first)).size).toBe(10);
    for (const question of first.questions) expect(quiz.questionIds).toContain(question._id);
    for (let reload = 0; reload < 3; reload += 1) expect(await open(user.headers, quiz.id)).toEqual(first);
  });

  it('never carries an answer or an explanation', async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database, { questions: pool(12), questionsPerAttempt: 5 });
    const response = await context.request({
      method: 'GET',
      url: `/api/quizzes/${quiz.id}`,
      headers: user.headers,
    });
    expect(response.body).not.toMatch(/correct|explanation|optionOrder/i);
    for (const question of response.json<QuizAttemptResponse>().questions) {
      expect(Object.keys(question).sort()).toEqual(['_id', 'options', 'questionImage', 'questionText']);
    }
  });

  it('is one draw for concurrent first requests', async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database, { questions: pool(30), questionsPerAttempt: 10 });
    const opened = await Promise.all(Array.from({ length: 8 }, () => open(user.headers, quiz.id)));
    for (const quizPayload of opened) expect(quizPayload.questions).toEqual(opened[0]?.questions);
    const rows = await context.database.db
      .select()
      .from(quizDraws)
      .where(and(eq(quizDraws.userId, user.id), eq(quizDraws.quizId, quiz.id)));
    expect(rows).toHaveLength(1);
  });

  it('is each learner’s own', async () => {
    const [one, two] = [await learner(), await learner()];
    const quiz = await insertQuiz(context.database, { questions: pool(30), questionsPerAttempt: 10 });
    const draws = new Set<string>();
    for (const person of [one, two]) draws.add(texts(await open(person.headers, quiz.id)).join('|'));
    // Two draws of 10 from 30 agree in order by chance with probability far below 1e-12.
    expect(draws.size).toBe(2);
  });

  it('shuffles options unless the question keeps its order, and shows every question of a quiz without a pool', async () => {
    const user = await learner();
    const kept: TestQuestion = {
      text: 'Which are fruits?',
      options: textOptions('Mango', 'Apple', 'Banana', 'All of the above'),
      correctIndex: 3,
      keepOptionOrder: true,
    };
    const quiz = await insertQuiz(context.database, { questions: [kept, ...pool(5)], attemptsAllowed: 100 });
    const orders = new Set<string>();
    for (let round = 0; round < 8; round += 1) {
      const drawn = await open(user.headers, quiz.id);
      expect(drawn.questions).toHaveLength(6);
      const keptQuestion = drawn.questions.find((question) => question.questionText === 'Which are fruits?');
      expect(keptQuestion?.options.map((option) => option.value)).toEqual([
        'Mango',
        'Apple',
        'Banana',
        'All of the above',
      ]);
      for (const question of drawn.questions.filter((candidate) => candidate !== keptQuestion)) {
        orders.add(question.options.map((option) => option.value).join());
      }
      const answers = drawn.questions.map((question) =>
        question === keptQuestion
          ? 3
          : question.options.findIndex((option) => option.value === correctValue(question.questionText)),
      );
      expect((await submit(user.headers, quiz.id, answers)).statusCode).toBe(201);
    }
    expect(orders.size).toBeGreaterThan(5);
  });
});

describe('submitting a draw', () => {
  it('scores the answers against the options as shown and keeps the draw as the snapshot', async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database, { questions: pool(20), questionsPerAttempt: 10 });
    const drawn = await open(user.headers, quiz.id);
    const wrongOnes = new Set(texts(drawn).slice(0, 3));
    const answers = answersTo(drawn, (text) => wrongOnes.has(text));
    const response = await submit(user.headers, quiz.id, answers);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ correctCount: 7, totalQuestions: 10, score: 70 });

    const result = await context.request({
      method: 'GET',
      url: `/api/quizzes/result/${response.json<{ attemptId: string }>().attemptId}`,
      headers: user.headers,
    });
    const body = result.json<QuizResultResponse>();
    expect(body.answers).toEqual(answers);
    expect(body.questions.map((question) => question.questionText)).toEqual(texts(drawn));
    body.questions.forEach((question, index) => {
      expect(question.options).toEqual(drawn.questions[index]?.options);
      expect(question.isCorrect).toBe(!wrongOnes.has(question.questionText));
      expect(question.options[question.correctAnswerIndex ?? -1]?.value).toBe(
        correctValue(question.questionText),
      );
      expect(question.explanation).toMatch(/^Count one on from/);
    });
    const [stored] = await context.database.db.select().from(attempts).where(eq(attempts.userId, user.id));
    expect(stored?.snapshot.questions.map((question) => question.questionId)).toEqual(
      drawn.questions.map((question) => question._id),
    );
  });

  it('clears the draw: the next read draws again, and the same answers cannot be sent twice', async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database, { questions: pool(30), questionsPerAttempt: 10 });
    const drawn = await open(user.headers, quiz.id);
    expect((await submit(user.headers, quiz.id, answersTo(drawn))).statusCode).toBe(201);
    const again = await submit(user.headers, quiz.id, answersTo(drawn));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already submitted, or the quiz was not opened/);
    const next = await open(user.headers, quiz.id);
    expect(new Set([...texts(drawn), ...texts(next)]).size).toBe(20);
    const rows = await context.database.db.select().from(attempts).where(eq(attempts.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('records one attempt for concurrent copies of one submission', async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database, {
      questions: pool(12),
      questionsPerAttempt: 6,
      attemptsAllowed: 10,
    });
    const drawn = await open(user.headers, quiz.id);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => submit(user.headers, quiz.id, answersTo(drawn))),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    const rows = await context.database.db.select().from(attempts).where(eq(attempts.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses a submission without an opened quiz and writes nothing', async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database, { questions: pool(5) });
    const response = await submit(user.headers, quiz.id, [0, 0, 0, 0, 0]);
    expect(response.statusCode).toBe(409);
    expect(
      await context.database.db.select().from(attempts).where(eq(attempts.userId, user.id)),
    ).toHaveLength(0);
  });

  it('refuses answers that do not fit the draw, keeping the draw', async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database, { questions: pool(20), questionsPerAttempt: 10 });
    const drawn = await open(user.headers, quiz.id);
    // As many answers as the pool, not the draw.
    expect((await submit(user.headers, quiz.id, Array(20).fill(0))).statusCode).toBe(400);
    expect((await submit(user.headers, quiz.id, [...answersTo(drawn).slice(1), 4])).statusCode).toBe(400);
    expect(await open(user.headers, quiz.id)).toEqual(drawn);
    expect((await submit(user.headers, quiz.id, answersTo(drawn))).statusCode).toBe(201);
  });

  it('scores a draw made before an edit against what the learner was shown; the next read draws the new version', async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database, { questions: pool(6), attemptsAllowed: 5 });
    const drawn = await open(user.headers, quiz.id);
    // The admin changes every correct answer after the learner opened the quiz.
    await context.database.db.update(questions).set({ correctIndex: 1 }).where(eq(questions.quizId, quiz.id));
    const response = await submit(user.headers, quiz.id, answersTo(drawn));
    expect(response.json()).toMatchObject({ correctCount: 6, totalQuestions: 6 });
  });
});

describe('the next draw', () => {
  it('shows every question of the pool once before any comes back', async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database, { questions: pool(30), questionsPerAttempt: 10 });
    const seen: string[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const drawn = await open(user.headers, quiz.id);
      seen.push(...texts(drawn));
      expect((await submit(user.headers, quiz.id, answersTo(drawn))).statusCode).toBe(201);
    }
    expect(new Set(seen).size).toBe(30);
  });

  it('then brings back the questions answered wrong before those answered right', async () => {
    const user = await learner();
    const quiz = await insertQuiz(context.database, {
      questions: pool(20),
      questionsPerAttempt: 10,
      attemptsAllowed: 5,
    });
    const first = await open(user.headers, quiz.id);
    expect((await submit(user.headers, quiz.id, answersTo(first))).statusCode).toBe(201);
    const second = await open(user.headers, quiz.id);
    expect(texts(second).filter((text) => texts(first).includes(text))).toEqual([]);
    const missed = new Set(texts(second).slice(0, 4));
    expect(
      (
        await submit(
          user.headers,
          quiz.id,
          answersTo(second, (text) => missed.has(text)),
        )
      ).statusCode,
    ).toBe(201);
    const third = await open(user.headers, quiz.id);
    for (const text of missed) expect(texts(third)).toContain(text);
  });
});

describe('question ids through edits', () => {
  it('an admin edit keeps the id of each question it sends back and of unchanged text; a pending draw is drawn again', async () => {
    const admin = await insertUser(context.database, { role: 'admin' });
    const adminHeaders = await loginAs(context, admin.email);
    const user = await learner();
    const quiz = await insertQuiz(context.database, { questions: pool(4), attemptsAllowed: 5 });
    const before = await open(user.headers, quiz.id);
    const detail = await context.request({
      method: 'GET',
      url: `/api/admin/quizzes/${quiz.id}`,
      headers: adminHeaders,
    });
    const editable = detail.json<Record<string, unknown> & { questions: Array<Record<string, unknown>> }>();
    const [q1, q2, q3] = editable.questions;
    const body = {
      ...editable,
      questionsPerAttempt: 2,
      questions: [
        // Reworded, but sent back with its id: the same question.
        { ...q1, questionText: 'What is zero plus one?' },
        // Same text, no id: matched by its text.
        { ...q2, _id: undefined, explanation: 'A new explanation.' },
        // Reworded without an id: a new question.
        { ...q3, _id: undefined, questionText: 'What is two and one more?' },
      ],
    };
    const saved = await context.request({
      method: 'PUT',
      url: `/api/admin/quizzes/${quiz.id}`,
      headers: adminHeaders,
      payload: body,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const ids = saved
      .json<{ quiz: { questions: Array<{ _id: string }> } }>()
      .quiz.questions.map((question) => question._id);
    expect(ids[0]).toBe(quiz.questionIds[0]);
    expect(ids[1]).toBe(quiz.questionIds[1]);
    expect(quiz.questionIds).not.toContain(ids[2]);
    const after = await open(user.headers, quiz.id);
    expect(after.questions).toHaveLength(2);
    expect(after.questions).not.toEqual(before.questions);
  });

  it('an admin refuses questionsPerAttempt beyond the questions of the quiz', async () => {
    const admin = await insertUser(context.database, { role: 'admin' });
    const adminHeaders = await loginAs(context, admin.email);
    const quiz = await insertQuiz(context.database, { questions: pool(3) });
    const detail = await context.request({
      method: 'GET',
      url: `/api/admin/quizzes/${quiz.id}`,
      headers: adminHeaders,
    });
    const editable = detail.json<Record<string, unknown>>();
    for (const [value, message] of [
      [4, "Questions per attempt cannot be more than the quiz's 3 questions"],
      [0, 'Questions per attempt must be 1 to 100, or empty for all'],
      [1.5, 'Questions per attempt must be 1 to 100, or empty for all'],
      ['2', 'Questions per attempt must be 1 to 100, or empty for all'],
    ] as const) {
      const response = await context.request({
        method: 'PUT',
        url: `/api/admin/quizzes/${quiz.id}`,
        headers: adminHeaders,
        payload: { ...editable, questionsPerAttempt: value },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });
});

describe('statistics per question', () => {
  it('count each question shown and answered right, by its id, whatever its position in each draw', async () => {
    const admin = await insertUser(context.database, { role: 'admin' });
    const adminHeaders = await loginAs(context, admin.email);
    const quiz = await insertQuiz(context.database, { questions: pool(4), attemptsAllowed: 5 });
    const hard = 'What is 2 + 1?';
    for (let round = 0; round < 3; round += 1) {
      const user = await learner();
      const drawn = await open(user.headers, quiz.id);
      expect(
        (
          await submit(
            user.headers,
            quiz.id,
            answersTo(drawn, (text) => text === hard),
          )
        ).statusCode,
      ).toBe(201);
    }
    const response = await context.request({
      method: 'GET',
      url: `/api/admin/quizzes/${quiz.id}/question-stats`,
      headers: adminHeaders,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      questions: pool(4).map((question, index) => ({
        questionId: quiz.questionIds[index],
        questionText: question.text,
        position: index + 1,
        shown: 3,
        correct: question.text === hard ? 0 : 3,
        correctRate: question.text === hard ? 0 : 100,
      })),
    });
    const learnerHeaders = (await learner()).headers;
    const refused = await context.request({
      method: 'GET',
      url: `/api/admin/quizzes/${quiz.id}/question-stats`,
      headers: learnerHeaders,
    });
    expect(refused.statusCode).toBe(403);
    const unknown = await context.request({
      method: 'GET',
      url: '/api/admin/quizzes/not-a-quiz/question-stats',
      headers: adminHeaders,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('a generated Maths quiz (decision 033)', () => {
  async function generatedQuiz(grade: string) {
    const quiz = await insertQuiz(context.database, {
      questions: [],
      category: 'Maths',
      grades: [grade],
      questionsPerAttempt: 10,
      attemptsAllowed: 100,
    });
    await context.database.db.update(quizzes).set({ generator: { grade } }).where(eq(quizzes.id, quiz.id));
    context.database.announce(QUIZ_CHANGED_CHANNEL, quiz.id);
    return quiz;
  }

  it('draws fresh questions under a new seed each attempt, kept in the snapshot so they can be made again', async () => {
    const user = await learner();
    const quiz = await generatedQuiz('c-3');
    const first = await open(user.headers, quiz.id);
    expect(first.questions).toHaveLength(10);
    expect(first.totalQuestions).toBe(10);
    expect(await open(user.headers, quiz.id)).toEqual(first);
    const response = await context.request({
      method: 'GET',
      url: `/api/quizzes/${quiz.id}`,
      headers: user.headers,
    });
    expect(response.body).not.toMatch(/correct|explanation|seed/i);

    const submitted = await submit(user.headers, quiz.id, Array(10).fill(0));
    expect(submitted.statusCode, submitted.body).toBe(201);
    const [stored] = await context.database.db.select().from(attempts).where(eq(attempts.userId, user.id));
    const generated = stored?.snapshot.generated;
    expect(generated).toMatchObject({ grade: 'c-3', count: 10 });
    // The same settings make the same questions, letter for letter: results and statistics stay exact.
    const again = generateQuiz({ seed: generated?.seed ?? 0, grade: 'c-3', count: 10 });
    expect(again.questions.map((question) => question.questionText)).toEqual(texts(first));
    expect(stored?.correctCount).toBe(
      again.questions.filter((question) => question.correctAnswerIndex === 0).length,
    );

    const second = await open(user.headers, quiz.id);
    expect(texts(second)).not.toEqual(texts(first));
  });

  it('shows as a quiz of questionsPerAttempt questions in the practice list', async () => {
    const user = await learner();
    const quiz = await generatedQuiz('c-3');
    const list = await context.request({
      method: 'POST',
      url: '/api/quizzes/published',
      headers: user.headers,
      payload: { grade: Buffer.from('c-3').toString('base64'), category: 'Maths' },
    });
    const entry = list
      .json<{ quizzes: Array<{ _id: string; totalQuestions: number }> }>()
      .quizzes.find((candidate) => candidate._id === quiz.id);
    expect(entry?.totalQuestions).toBe(10);
  });
});
