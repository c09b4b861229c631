import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminStatsRow } from '@quizquest/shared';
import { attempts } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../testing/index.ts';
import { insertQuiz } from '../../testing/quizzes.ts';
import { signIn, type Headers } from '../../testing/admin-quizzes.ts';

let context: TestContext;
let admin: Headers;
const ids: Record<string, string> = {};

beforeAll(async () => {
  context = await createTestContext();
  admin = (await signIn(context, 'admin')).headers;
  const [ana, ben] = [await signIn(context, 'learner'), await signIn(context, 'learner')];
  for (const title of ['Rivers', 'Mountains', 'Deserts', 'Never Tried']) {
    ids[title] = (await insertQuiz(context.database, { title })).id;
  }
  ids['Old Deleted'] = (await insertQuiz(context.database, { title: 'Old Deleted', deleted: true })).id;

  // [quiz, learner, score in hundredths, submitted at]
  const history: Array<[string, string, number, string]> = [
    ['Rivers', ana.id, 10_000, '2024-05-01T08:00:00Z'],
    ['Rivers', ben.id, 3333, '2024-05-02T09:30:00Z'],
    ['Rivers', ana.id, 6667, '2024-05-03T23:59:59Z'],
    ['Mountains', ben.id, 5000, '2024-05-02T10:00:00Z'],
    ['Mountains', ben.id, 0, '2024-05-04T00:00:00Z'],
    ['Deserts', ana.id, 10_000, '2024-04-30T23:59:59Z'],
    ['Old Deleted', ana.id, 2500, '2024-05-02T12:00:00Z'],
  ];
  for (const [title, userId, score, at] of history) {
    await context.database.db.insert(attempts).values({
      userId,
      quizId: ids[title] as string,
      answers: [0, 0, 0],
      score,
      correctCount: 0,
      total: 3,
      snapshot: { title, questions: [] },
      submittedAt: new Date(at),
    });
  }
});
afterAll(async () => {
  await context.close();
});

const stats = async (query = '') => {
  const response = await context.request({
    method: 'GET',
    url: `/api/admin/quizzes/stats${query}`,
    headers: admin,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ stats: AdminStatsRow[] }>().stats;
};

describe('GET /api/admin/quizzes/stats', () => {
  it('counts attempts, averages scores and tells the last attempt per quiz, most attempted first', async () => {
    expect(await stats()).toEqual([
      {
        quizId: ids.Rivers,
        title: 'Rivers',
        attempts: 3,
        averageScore: 66.67,
        lastAttempt: '2024-05-03T23:59:59.000Z',
        deleted: false,
      },
      {
        quizId: ids.Mountains,
        title: 'Mountains',
        attempts: 2,
        averageScore: 25,
        lastAttempt: '2024-05-04T00:00:00.000Z',
        deleted: false,
      },
      {
        quizId: ids.Deserts,
        title: 'Deserts',
        attempts: 1,
        averageScore: 100,
        lastAttempt: '2024-04-30T23:59:59.000Z',
        deleted: false,
      },
      {
        quizId: ids['Old Deleted'],
        title: 'Old Deleted',
        attempts: 1,
        averageScore: 25,
        lastAttempt: '2024-05-02T12:00:00.000Z',
        deleted: true,
      },
    ]);
  });

  it('counts only attempts submitted between from and to, both days included', async () => {
    const rows = await stats('?from=2024-05-02&to=2024-05-03');
    expect(rows.map((row) => [row.title, row.attempts, row.averageScore, row.lastAttempt])).toEqual([
      ['Rivers', 2, 50, '2024-05-03T23:59:59.000Z'],
      ['Mountains', 1, 50, '2024-05-02T10:00:00.000Z'],
      ['Old Deleted', 1, 25, '2024-05-02T12:00:00.000Z'],
    ]);
  });

  it('takes either end alone, and exact instants', async () => {
    expect((await stats('?from=2024-05-04')).map((row) => row.title)).toEqual(['Mountains']);
    expect((await stats('?to=2024-04-30')).map((row) => row.title)).toEqual(['Deserts']);
    const instants = `?from=${encodeURIComponent('2024-05-01T08:00:00Z')}&to=${encodeURIComponent('2024-05-02T09:30:00Z')}`;
    expect((await stats(instants)).map((row) => [row.title, row.attempts])).toEqual([['Rivers', 2]]);
  });

  it('is empty for a range without attempts, and leaves out quizzes never attempted', async () => {
    expect(await stats('?from=2030-01-01')).toEqual([]);
    expect((await stats()).some((row) => row.title === 'Never Tried')).toBe(false);
  });

  it('narrows to one quiz', async () => {
    expect((await stats(`?quizId=${ids.Mountains}`)).map((row) => row.title)).toEqual(['Mountains']);
    expect(await stats(`?quizId=${ids['Never Tried']}`)).toEqual([]);
  });

  it.each([
    ['from after to', '?from=2024-05-04&to=2024-05-01', 400],
    ['a date that is not one', '?from=31/12/2024', 400],
    ['a malformed quiz id', '?quizId=42', 404],
  ])('refuses %s', async (_name, query, status) => {
    const response = await context.request({
      method: 'GET',
      url: `/api/admin/quizzes/stats${query}`,
      headers: admin,
    });
    expect(response.statusCode).toBe(status);
    expect(typeof response.json().message).toBe('string');
  });

  it.each([
    ['from', '?from=0000-01-01'],
    ['from', '?from=1899-12-31T23:59:59Z'],
    ['to', '?to=9999-12-31'],
    ['to', '?to=2101-01-01'],
  ])(
    'refuses a %s outside 1900-01-01 to 2100-12-31 (%s) with 400, naming the field',
    async (field, query) => {
      const response = await context.request({
        method: 'GET',
        url: `/api/admin/quizzes/stats${query}`,
        headers: admin,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'A date must be from 1900-01-01 to 2100-12-31',
        errors: { [field]: 'A date must be from 1900-01-01 to 2100-12-31' },
      });
    },
  );

  it('names to, not endDate, when the range ends before it starts', async () => {
    const response = await context.request({
      method: 'GET',
      url: '/api/admin/quizzes/stats?from=2024-05-04&to=2024-05-01',
      headers: admin,
    });
    expect(response.json()).toMatchObject({ errors: { to: expect.any(String) } });
  });
});
