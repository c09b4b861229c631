import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  explanationTooLongMessage,
  QuizExportFile,
  type AdminQuizDetail,
  type AdminQuizInput,
} from '@quizquest/shared';
import { countRows, createTestContext, type TestContext } from '../../testing/index.ts';
import { pngImage, quizBody, signIn, type Headers } from '../../testing/admin-quizzes.ts';

/**
 * Explanations in the admin's quiz editor, export and import (issue 16 item 1, decision 029):
 * optional text of at most 1,000 characters and an optional image under the question image's
 * rules (checked by its bytes, kept as uploaded, a media reference like any quiz image).
 */

let context: TestContext;
let admin: Headers;

beforeAll(async () => {
  context = await createTestContext();
  admin = (await signIn(context, 'admin')).headers;
});
afterAll(async () => {
  await context.close();
});

const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  context.request({
    method,
    url,
    headers: admin,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const TABLES = ['quizzes', 'questions', 'quiz_grades', 'categories', 'media'] as const;
const tableCounts = () => Promise.all(TABLES.map((table) => countRows(context.database, table)));

/** quizBody with the explanation fields of question `index` set. */
function explained(title: string, index: number, change: Record<string, unknown>): AdminQuizInput {
  const body = quizBody({ title });
  body.questions = body.questions.map((question, at) =>
    at === index ? { ...question, ...change } : question,
  );
  return body;
}

async function created(body: AdminQuizInput): Promise<AdminQuizDetail> {
  const response = await send('POST', '/api/admin/quizzes/add', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ quiz: AdminQuizDetail }>().quiz;
}

async function mediaSize(url: string | null | undefined) {
  expect(url).toMatch(/^\/api\/media\/[0-9a-f]{64}$/);
  const response = await context.request({ method: 'GET', url: url! });
  expect(response.statusCode).toBe(200);
  const metadata = await sharp(response.rawPayload).metadata();
  return { width: metadata.width, height: metadata.height, format: metadata.format };
}

describe('POST /api/admin/quizzes/add and PUT /api/admin/quizzes/:id with explanations', () => {
  it('stores an explanation (trimmed) and its image kept as uploaded; GET returns them for editing', async () => {
    const image = await pngImage('#336699', 900, 700);
    const quiz = await created(
      explained('Explained add', 1, {
        explanation: '  Saturn’s rings are made of ice and rock.  ',
        explanationImage: image.dataString,
      }),
    );
    expect(quiz.questions.map((question) => question.explanation)).toEqual([
      null,
      'Saturn’s rings are made of ice and rock.',
    ]);
    expect(quiz.questions[0]?.explanationImage).toBeNull();
    // Kept as uploaded (a question image's rule), not scaled to 600 px like an option image.
    expect(await mediaSize(quiz.questions[1]?.explanationImage)).toEqual({
      width: 900,
      height: 700,
      format: 'png',
    });
    const detail = await send('GET', `/api/admin/quizzes/${quiz._id}`);
    expect(detail.json<AdminQuizDetail>().questions[1]).toMatchObject({
      explanation: 'Saturn’s rings are made of ice and rock.',
      explanationImage: quiz.questions[1]?.explanationImage,
    });
  });

  it('an edit keeps an explanation image by its URL, changes the text, and clears with empty values', async () => {
    const quiz = await created(
      explained('Explained edit', 0, {
        explanation: 'Rust makes Mars red.',
        explanationImage: (await pngImage('#993311')).dataString,
      }),
    );
    const keptUrl = quiz.questions[0]?.explanationImage;
    const mediaBefore = await countRows(context.database, 'media');
    const kept = await send(
      'PUT',
      `/api/admin/quizzes/${quiz._id}`,
      explained(quiz.title, 0, {
        explanation: 'Iron rust in the soil makes Mars red.',
        explanationImage: keptUrl,
      }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<{ quiz: AdminQuizDetail }>().quiz.questions[0]).toMatchObject({
      explanation: 'Iron rust in the soil makes Mars red.',
      explanationImage: keptUrl,
    });
    expect(await countRows(context.database, 'media')).toBe(mediaBefore);

    const cleared = await send(
      'PUT',
      `/api/admin/quizzes/${quiz._id}`,
      explained(quiz.title, 0, { explanation: '', explanationImage: '' }),
    );
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<{ quiz: AdminQuizDetail }>().quiz.questions[0]).toMatchObject({
      explanation: null,
      explanationImage: null,
    });
  });

  it.each<[string, Record<string, unknown>, number, string]>([
    [
      'an explanation of 1001 characters',
      { explanation: 'x'.repeat(1001) },
      400,
      explanationTooLongMessage(2),
    ],
    ['an explanation that is not text', { explanation: { text: 'hi' } }, 400, 'The explanation must be text'],
    [
      'an explanation image that is not text',
      { explanationImage: 7 },
      400,
      'explanationImage must be an image',
    ],
    [
      'an explanation image that is not an image',
      { explanationImage: `data:image/png;base64,${Buffer.from('not an image at all').toString('base64')}` },
      400,
      'The explanation image of Question 2 must be a PNG, JPEG, WebP or GIF image',
    ],
    [
      'a truncated explanation image',
      { explanationImage: 'truncated' },
      400,
      'The explanation image of Question 2 could not be read as an image: the file is damaged or incomplete',
    ],
    [
      'an explanation image URL that names no stored image',
      { explanationImage: `/api/media/${'0'.repeat(64)}` },
      400,
      'The explanation image of Question 2 was not found. Please upload it again.',
    ],
  ])('refuses %s with %i and a message, storing nothing', async (_name, change, status, message) => {
    let value = change;
    if (change.explanationImage === 'truncated') {
      const { bytes } = await pngImage('#abcdef', 300, 300);
      value = {
        explanationImage: `data:image/png;base64,${bytes.subarray(0, bytes.length - 40).toString('base64')}`,
      };
    }
    const before = await tableCounts();
    const response = await send('POST', '/api/admin/quizzes/add', explained(`Refused ${_name}`, 1, value));
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json<{ message: string }>().message).toBe(message);
    expect(await tableCounts()).toEqual(before);
  });
});

describe('export and import carry explanations', () => {
  it('exports the explanation and embeds its image; the file imports into a new quiz with both', async () => {
    const image = await pngImage('#225588', 40, 30);
    const quiz = await created(
      explained('Explained export', 0, {
        explanation: 'Mars is red with rust.',
        explanationImage: image.dataString,
      }),
    );
    const response = await send('GET', `/api/admin/quizzes/export?title=${encodeURIComponent(quiz.title)}`);
    expect(response.statusCode, response.body).toBe(200);
    const file = QuizExportFile.parse(response.json());
    expect(file.quizzes).toHaveLength(1);
    const [question, other] = file.quizzes[0]!.questions;
    expect(question?.explanation).toBe('Mars is red with rust.');
    expect(question?.explanationImage).toMatch(/^data:image\/png;base64,/);
    expect(other).toMatchObject({ explanation: null, explanationImage: null });

    file.quizzes[0]!.title = 'Explained export (imported)';
    const imported = await send('POST', '/api/admin/quizzes/import', file);
    expect(imported.statusCode, imported.body).toBe(201);
    const [{ _id }] = imported.json<{ quizzes: Array<{ _id: string }> }>().quizzes as [{ _id: string }];
    const detail = (await send('GET', `/api/admin/quizzes/${_id}`)).json<AdminQuizDetail>();
    expect(detail.questions[0]).toMatchObject({
      explanation: 'Mars is red with rust.',
      // The same bytes: the same stored image.
      explanationImage: quiz.questions[0]?.explanationImage,
    });
    expect(detail.questions[1]).toMatchObject({ explanation: null, explanationImage: null });
  });

  it('an export file from before explanations (no such keys) still imports', async () => {
    const old = quizBody({ title: 'Exported before explanations' });
    const response = await send('POST', '/api/admin/quizzes/import', {
      version: 1,
      exportedAt: '2026-01-01T00:00:00.000Z',
      quizzes: [old],
    });
    expect(response.statusCode, response.body).toBe(201);
    const [{ _id }] = response.json<{ quizzes: Array<{ _id: string }> }>().quizzes as [{ _id: string }];
    const detail = (await send('GET', `/api/admin/quizzes/${_id}`)).json<AdminQuizDetail>();
    expect(detail.questions.map((question) => [question.explanation, question.explanationImage])).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  it('an import with a too long explanation names the quiz and question and writes nothing', async () => {
    const before = await tableCounts();
    const bad = explained('Too long to import', 1, { explanation: 'y'.repeat(1001) });
    const response = await send('POST', '/api/admin/quizzes/import', { version: 1, quizzes: [bad] });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: unknown[] }>().errors).toEqual([
      { quiz: 1, title: 'Too long to import', question: 2, message: explanationTooLongMessage(2) },
    ]);
    expect(await tableCounts()).toEqual(before);
  });
});
