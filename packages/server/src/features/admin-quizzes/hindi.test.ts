import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminQuizDetail, AdminQuizInput, QuizExportFile } from '@quizquest/shared';
import { createTestContext, type TestContext } from '../../testing/index.ts';
import { quizBody, signIn, type Headers } from '../../testing/admin-quizzes.ts';

/*
 * The admin writes a quiz's Hindi version beside the English (issue 18, decision 034): the title
 * and, per question, text, options and explanation; it comes back for editing, goes through export
 * and import, and a Hindi version that does not fit its question is refused with nothing written.
 */
let context: TestContext;
let admin: Headers;

beforeAll(async () => {
  context = await createTestContext({ rateLimitFactor: 100 });
  admin = (await signIn(context, 'admin')).headers;
});
afterAll(async () => {
  await context.close();
});

const send = (method: 'POST' | 'PUT', url: string, body: unknown) =>
  context.request({
    method,
    url,
    headers: { ...admin, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

function hindiQuiz(title: string): AdminQuizInput {
  const body = quizBody({ title, hi: { title: `${title} (हिन्दी)` } });
  const [first, second] = body.questions;
  return {
    ...body,
    questions: [
      {
        ...first!,
        explanation: 'Iron rust in its soil makes Mars look red.',
        hi: {
          questionText: 'कौन-सा ग्रह लाल है?',
          options: ['शुक्र', 'मंगल', 'पृथ्वी', 'बृहस्पति'],
          explanation: 'मंगल की मिट्टी में जंग लगा लोहा है, इसलिए वह लाल दिखता है।',
        },
      },
      second!,
    ],
  };
}

async function detail(id: string): Promise<AdminQuizDetail> {
  const response = await context.request({ method: 'GET', url: `/api/admin/quizzes/${id}`, headers: admin });
  expect(response.statusCode).toBe(200);
  return response.json<AdminQuizDetail>();
}

describe('a quiz’s Hindi version in the admin API', () => {
  it('is saved, given back for editing, kept through an edit and removed when sent empty', async () => {
    const added = await send('POST', '/api/admin/quizzes/add', hindiQuiz('Planets A'));
    expect(added.statusCode).toBe(201);
    const id = added.json<{ quiz: { _id: string } }>().quiz._id;
    const saved = await detail(id);
    expect(saved.hi).toEqual({ title: 'Planets A (हिन्दी)' });
    expect(saved.questions[0]?.hi).toEqual({
      questionText: 'कौन-सा ग्रह लाल है?',
      options: ['शुक्र', 'मंगल', 'पृथ्वी', 'बृहस्पति'],
      explanation: 'मंगल की मिट्टी में जंग लगा लोहा है, इसलिए वह लाल दिखता है।',
    });
    expect(saved.questions[1]?.hi).toBeNull();

    // The form sends back what it was given, with one Hindi option left empty (keeps the English).
    const edited = hindiQuiz('Planets A');
    edited.questions[0] = {
      ...edited.questions[0]!,
      _id: saved.questions[0]!._id,
      hi: { ...edited.questions[0]!.hi!, options: ['शुक्र', 'मंगल', '', 'बृहस्पति'] },
    };
    expect((await send('PUT', `/api/admin/quizzes/${id}`, edited)).statusCode).toBe(200);
    const again = await detail(id);
    expect(again.questions[0]?._id).toBe(saved.questions[0]?._id);
    expect(again.questions[0]?.hi?.options).toEqual(['शुक्र', 'मंगल', null, 'बृहस्पति']);

    const cleared = { ...hindiQuiz('Planets A'), hi: { title: '' } };
    cleared.questions[0] = {
      ...cleared.questions[0]!,
      hi: { questionText: '', options: ['', '', '', ''], explanation: '' },
    };
    expect((await send('PUT', `/api/admin/quizzes/${id}`, cleared)).statusCode).toBe(200);
    const none = await detail(id);
    expect(none.hi).toBeNull();
    expect(none.questions[0]?.hi).toBeNull();
  });

  it.each([
    [
      'Hindi options without Hindi text',
      { questionText: '', options: ['शुक्र', '', '', ''] },
      /no Hindi question text/,
    ],
    [
      'two Hindi options the same',
      { questionText: 'कौन-सा?', options: ['मंगल', 'मंगल', '', ''], explanation: 'क्योंकि।' },
      /appears twice/,
    ],
    [
      'no Hindi explanation for an explained question',
      { questionText: 'कौन-सा ग्रह लाल है?', options: [] },
      /explanation/,
    ],
    [
      'Hindi text too long',
      { questionText: 'क'.repeat(1001), options: [], explanation: 'क्योंकि।' },
      /at most 1000/,
    ],
    ['options that are not a list', { questionText: 'कौन-सा?', options: 'मंगल' }, /list/],
  ])('refuses %s with 400, writing nothing', async (_case, hi, message) => {
    const title = `Refused ${String(_case)}`;
    const body = hindiQuiz(title);
    body.questions[0] = { ...body.questions[0]!, hi: hi as never };
    const response = await send('POST', '/api/admin/quizzes/add', body);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(message);
    const list = await context.request({
      method: 'GET',
      url: `/api/admin/quizzes?title=${encodeURIComponent(title)}`,
      headers: admin,
    });
    expect(list.json<{ quizzes: unknown[] }>().quizzes).toEqual([]);
  });

  it('goes out with an export and comes back in with an import', async () => {
    const added = await send('POST', '/api/admin/quizzes/add', hindiQuiz('Planets B'));
    expect(added.statusCode).toBe(201);
    const exported = await context.request({
      method: 'GET',
      url: `/api/admin/quizzes/export?title=${encodeURIComponent('Planets B')}`,
      headers: admin,
    });
    const file = exported.json<QuizExportFile>();
    expect(file.quizzes).toHaveLength(1);
    expect(file.quizzes[0]?.hi).toEqual({ title: 'Planets B (हिन्दी)' });
    expect(file.quizzes[0]?.questions[0]?.hi?.questionText).toBe('कौन-सा ग्रह लाल है?');
    const renamed = {
      ...file,
      quizzes: file.quizzes.map((quiz) => ({ ...quiz, title: 'Planets B imported' })),
    };
    const imported = await send('POST', '/api/admin/quizzes/import', renamed);
    expect(imported.statusCode).toBe(201);
    const list = await context.request({
      method: 'GET',
      url: `/api/admin/quizzes?title=${encodeURIComponent('Planets B imported')}`,
      headers: admin,
    });
    const id = list.json<{ quizzes: Array<{ _id: string }> }>().quizzes[0]!._id;
    const copy = await detail(id);
    expect(copy.hi).toEqual({ title: 'Planets B (हिन्दी)' });
    expect(copy.questions[0]?.hi?.explanation).toBe('मंगल की मिट्टी में जंग लगा लोहा है, इसलिए वह लाल दिखता है।');
  });
});
