import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { QuizAttemptResponse } from '@quizquest/shared';
import { generateQuiz, inHindi } from '@quizquest/shared/generators';
import { attempts, quizDraws, quizzes } from '../../db/schema.ts';
import { QUIZ_CHANGED_CHANNEL } from '../../lib/quiz-cache.ts';
import { createTestContext, insertUser, loginAs, type TestContext } from '../../testing/index.ts';
import { insertQuiz, textOptions, type TestQuiz } from '../../testing/quizzes.ts';

/*
 * A Hindi learner reads quizzes in Hindi (issue 18, decision 034): the title, each question with a
 * Hindi version (text, options, explanation on the result), English where a question has none;
 * an English learner reads English; the draw keeps its language until it is submitted.
 */
let context: TestContext;
let quiz: TestQuiz;

beforeAll(async () => {
  context = await createTestContext({ rateLimitFactor: 100 });
  quiz = await insertQuiz(context.database, {
    title: 'Counting Fun',
    translations: { hi: { title: 'गिनती का मज़ा' } },
    grades: ['c-1'],
    questions: [
      {
        text: 'How many legs does a cow have?',
        options: textOptions('2', '4', '6', 'Eight'),
        correctIndex: 1,
        explanation: 'A cow walks on four legs.',
        translations: {
          hi: {
            questionText: 'गाय के कितने पैर होते हैं?',
            options: [null, null, null, 'आठ'],
            explanation: 'गाय चार पैरों पर चलती है।',
          },
        },
      },
      {
        text: 'Which is a fruit?',
        options: textOptions('Mango', 'Potato', 'Onion', 'Carrot'),
        correctIndex: 0,
        explanation: 'A mango grows from a flower and holds a seed.',
      },
    ],
  });
}, 60_000);
afterAll(async () => {
  await context.close();
});

async function learnerIn(language: 'en' | 'hi', grade = 'c-1') {
  const user = await insertUser(context.database, { grade });
  const headers = await loginAs(context, user.email);
  const saved = await context.request({
    method: 'PUT',
    url: '/api/user/language',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ language }),
  });
  expect(saved.statusCode).toBe(200);
  return headers;
}

const open = async (headers: Record<string, string>) => {
  const response = await context.request({ method: 'GET', url: `/api/quizzes/${quiz.id}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json<QuizAttemptResponse>();
};

describe('a quiz in the learner’s language', () => {
  it('shows a Hindi learner the Hindi title, questions and options, and English where there is no Hindi', async () => {
    const shown = await open(await learnerIn('hi'));
    expect(shown.title).toBe('गिनती का मज़ा');
    const cow = shown.questions.find((question) => question.questionText === 'गाय के कितने पैर होते हैं?');
    expect(cow?.options.map((option) => option.value).sort()).toEqual(['2', '4', '6', 'आठ']);
    const fruit = shown.questions.find((question) => question.questionText === 'Which is a fruit?');
    expect(fruit?.options.map((option) => option.value).sort()).toEqual([
      'Carrot',
      'Mango',
      'Onion',
      'Potato',
    ]);
  });

  it('shows an English learner the English quiz', async () => {
    const shown = await open(await learnerIn('en'));
    expect(shown.title).toBe('Counting Fun');
    expect(shown.questions.map((question) => question.questionText).sort()).toEqual([
      'How many legs does a cow have?',
      'Which is a fruit?',
    ]);
    expect(
      shown.questions.flatMap((question) => question.options.map((option) => option.value)),
    ).not.toContain('आठ');
  });

  it('scores a Hindi attempt right and gives its result, with the explanation, in Hindi', async () => {
    const headers = await learnerIn('hi');
    const shown = await open(headers);
    // Every answer wrong: the result reveals the right ones and explains them.
    const answers = shown.questions.map((question) =>
      question.options.findIndex((option) => !['4', 'Mango'].includes(option.value)),
    );
    const submitted = await context.submitShown(headers, quiz.id, answers);
    expect(submitted.statusCode).toBe(201);
    const { attemptId } = submitted.json<{ attemptId: string }>();
    const result = await context.request({ method: 'GET', url: `/api/quizzes/result/${attemptId}`, headers });
    expect(result.statusCode).toBe(200);
    const body = result.json<{
      score: number;
      questions: Array<{ questionText: string; explanation?: string | null }>;
    }>();
    expect(body.score).toBe(0);
    const cow = body.questions.find((question) => question.questionText === 'गाय के कितने पैर होते हैं?');
    expect(cow?.explanation).toBe('गाय चार पैरों पर चलती है।');
  });

  it('keeps a pending draw in the language it was drawn in until it is submitted', async () => {
    const headers = await learnerIn('hi');
    const first = await open(headers);
    await context.request({
      method: 'PUT',
      url: '/api/user/language',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ language: 'en' }),
    });
    const again = await open(headers);
    expect(again.questions).toEqual(first.questions);
    expect(again.title).toBe('Counting Fun');
  });

  it('gives a Hindi learner a generated Maths quiz in Hindi, kept in the draw and scored right', async () => {
    const generated = await insertQuiz(context.database, {
      questions: [],
      category: 'Maths',
      grades: ['c-3'],
      questionsPerAttempt: 10,
      attemptsAllowed: 100,
    });
    await context.database.db
      .update(quizzes)
      .set({ generator: { grade: 'c-3' } })
      .where(eq(quizzes.id, generated.id));
    context.database.announce(QUIZ_CHANGED_CHANNEL, generated.id);
    const headers = await learnerIn('hi', 'c-3');
    const response = await context.request({ method: 'GET', url: `/api/quizzes/${generated.id}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    const shown = response.json<QuizAttemptResponse>().questions;
    expect(shown).toHaveLength(10);
    for (const question of shown) expect(question.questionText).toMatch(/[\u0900-\u097F]/);

    // The seed makes the same English questions again; what was shown is their Hindi, option for option.
    const [draw] = await context.database.db
      .select()
      .from(quizDraws)
      .where(eq(quizDraws.quizId, generated.id));
    const english = generateQuiz({ seed: draw?.generated?.seed ?? -1, grade: 'c-3', count: 10 }).questions;
    expect(shown.map((question) => question.questionText)).toEqual(
      english.map((question) => inHindi(question).questionText),
    );
    expect(shown.map((question) => question.options.map((option) => option.value))).toEqual(
      english.map((question) => inHindi(question).options.map((option) => option.value)),
    );

    // Seven right and three wrong: the score counts the Hindi options as the English ones.
    const answers = english.map((question, index) =>
      index < 7 ? question.correctAnswerIndex : (question.correctAnswerIndex + 1) % 4,
    );
    const submitted = await context.submitShown(headers, generated.id, answers);
    expect(submitted.statusCode, submitted.body).toBe(201);
    expect(submitted.json()).toMatchObject({ correctCount: 7, totalQuestions: 10, score: 70 });
    const [attempt] = await context.database.db
      .select()
      .from(attempts)
      .where(eq(attempts.quizId, generated.id));
    const snapshot = attempt?.snapshot.questions ?? [];
    expect(snapshot.map((question) => question.explanation)).toEqual(
      english.map((question) => inHindi(question).explanation),
    );
    expect(snapshot.map((question) => question.correctAnswerIndex)).toEqual(
      english.map((question) => question.correctAnswerIndex),
    );
  });
});
