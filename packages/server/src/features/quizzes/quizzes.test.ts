import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGradeParam } from '@quizquest/shared';
import { attempts } from '../../db/schema.ts';
import { createTestContext, insertUser, loginAs, type TestContext } from '../../testing/index.ts';
import {
  insertCertifications,
  subLevelIdsBefore,
  subLevelIdsOf,
  subscribe,
} from '../../testing/certification.ts';
import { insertQuiz, textOptions } from '../../testing/quizzes.ts';
import { pendingDrawOf, questionsAsAuthored } from '../../testing/shown.ts';
import { mediaUrl, storeImage } from '../../lib/media.ts';
import { ACCOUNT_CHANGED_CHANNEL } from '../../lib/account-cache.ts';

let context: TestContext;
let headers: { authorization: string };
let learnerId: string;

beforeAll(async () => {
  context = await createTestContext();
  const learner = await insertUser(context.database);
  learnerId = learner.id;
  headers = await loginAs(context, learner.email);
});
afterAll(async () => {
  await context.close();
});

const get = (url: string) => context.request({ method: 'GET', url, headers });
const published = (payload: unknown) =>
  context.request({ method: 'POST', url: '/api/quizzes/published', headers, payload: payload as object });
const categoriesFor = (grade: string) =>
  get(`/api/quizzes/quiz-categories?param=${encodeURIComponent(encodeGradeParam(grade))}`);

/** Keys that would give away the answer, in any spelling. */
const REVEALING_KEY = /correct|answer|solution|isright/i;

function revealingKeys(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => revealingKeys(item, `${path}[${index}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => [
      ...(REVEALING_KEY.test(key) ? [`${path}.${key}`] : []),
      ...revealingKeys(child, `${path}.${key}`),
    ]);
  }
  return [];
}

function withoutRevealingKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutRevealingKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !REVEALING_KEY.test(key))
        .map(([key, child]) => [key, withoutRevealingKeys(child)]),
    );
  }
  return value;
}

describe('the answer-revealing key walk', () => {
  it('finds a correct answer hidden anywhere in a payload', () => {
    const leaky = { questions: [{ options: [{ value: 'A', isCorrect: true }] }], meta: { correct_index: 1 } };
    expect(revealingKeys(leaky)).toEqual(['$.questions[0].options[0].isCorrect', '$.meta.correct_index']);
    expect(withoutRevealingKeys(leaky)).not.toEqual(leaky);
  });
});

describe('GET /api/quizzes/quiz-categories', () => {
  beforeAll(async () => {
    const grades = ['c-5'];
    await insertQuiz(context.database, { category: 'Science', grades: ['c-5', 'c-6'] });
    await insertQuiz(context.database, { category: 'Science', grades });
    await insertQuiz(context.database, { category: 'Maths', grades });
    await insertQuiz(context.database, { category: 'algebra', grades });
    await insertQuiz(context.database, { category: 'Zoology', grades });
    await insertQuiz(context.database, { category: 'Unpublished Only', grades, published: false });
    await insertQuiz(context.database, { category: 'Deleted Only', grades, deleted: true });
    await insertQuiz(context.database, { category: 'Certification Only', grades, level: 2 });
    await insertQuiz(context.database, { category: null, grades });
    await insertQuiz(context.database, { category: 'Art', grades: ['c-6'] });
  });

  it('lists the categories with published practice quizzes for the grade, sorted, once each', async () => {
    const response = await categoriesFor('c-5');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ categories: ['algebra', 'Maths', 'Science', 'Zoology'] });
  });

  it('depends on the grade', async () => {
    expect((await categoriesFor('c-6')).json()).toEqual({ categories: ['Art', 'Science'] });
    expect((await categoriesFor('c-12')).json()).toEqual({ categories: [] });
  });

  it.each([
    ['not base64', 'param=c-5'],
    ['an unknown grade', `param=${encodeGradeParam('c-13')}`],
    ['an empty param', 'param='],
    ['no param', ''],
    ['base64 of a category', `param=${encodeGradeParam('Science')}`],
  ])('refuses %s with 400', async (_name, query) => {
    const response = await get(`/api/quizzes/quiz-categories?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/grade/i);
  });

  it('needs a signed-in user', async () => {
    const response = await context.request({
      method: 'GET',
      url: `/api/quizzes/quiz-categories?param=${encodeGradeParam('c-5')}`,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/quizzes/published', () => {
  const grade = encodeGradeParam('c-7');
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const base = Date.now() - 60_000;
    const at = (seconds: number) => new Date(base + seconds * 1000);
    const quiz = async (name: string, input: Parameters<typeof insertQuiz>[1]) => {
      ids[name] = (await insertQuiz(context.database, { title: name, ...input })).id;
    };
    await quiz('Maths Featured', {
      category: 'Maths',
      grades: ['c-8', 'c-7'],
      showByDefault: true,
      createdAt: at(1),
    });
    await quiz('Maths Plain', {
      category: 'Maths',
      grades: ['c-7'],
      createdAt: at(2),
      attemptsAllowed: 5,
      learnMoreLink: 'https://example.org/maths',
    });
    await quiz('Maths Other Grade', {
      category: 'Maths',
      grades: ['c-8'],
      showByDefault: true,
      createdAt: at(3),
    });
    await quiz('Maths Unpublished', {
      category: 'Maths',
      grades: ['c-7'],
      published: false,
      showByDefault: true,
    });
    await quiz('Maths Deleted', { category: 'Maths', grades: ['c-7'], deleted: true, showByDefault: true });
    await quiz('Maths Certification', { category: 'Maths', grades: ['c-7'], level: 3, showByDefault: true });
    await quiz('Science Featured', {
      category: 'Science',
      grades: ['c-7'],
      showByDefault: true,
      createdAt: at(4),
      learnMoreLink: 'javascript:alert(1)',
      questions: [{ text: 'Only question', options: textOptions('Yes', 'No'), correctIndex: 1 }],
    });
    await context.database.db.insert(attempts).values({
      userId: learnerId,
      quizId: ids['Maths Plain'] as string,
      answers: [0, 0, 0],
      score: 0,
      correctCount: 0,
      total: 3,
      snapshot: { title: 'Maths Plain', questions: [] },
    });
  });

  it("lists a category's published practice quizzes for the grade, oldest first", async () => {
    const response = await published({ category: 'Maths', grade });
    expect(response.statusCode).toBe(200);
    expect(response.json().quizzes.map((quiz: { title: string }) => quiz.title)).toEqual([
      'Maths Featured',
      'Maths Plain',
    ]);
    expect(response.json().quizzes[1]).toEqual({
      _id: ids['Maths Plain'],
      title: 'Maths Plain',
      category: 'Maths',
      grades: ['c-7'],
      level: 0,
      subLevel: null,
      showByDefault: false,
      learnMoreLink: 'https://example.org/maths',
      quizLimits: 5,
      attemptCount: 1,
      totalQuestions: 3,
    });
    expect(response.json().quizzes[0]).toMatchObject({
      grades: ['c-7', 'c-8'],
      attemptCount: 0,
      quizLimits: 3,
    });
  });

  it('matches the category ignoring case and surrounding spaces', async () => {
    const response = await published({ category: '  maths ', grade });
    expect(response.json().quizzes).toHaveLength(2);
  });

  it.each([
    ['no category', {}],
    ['an empty category', { category: '' }],
    ['a null category', { category: null }],
  ])('with %s lists the featured quizzes of the grade', async (_name, body) => {
    const response = await published({ ...body, grade });
    expect(response.statusCode).toBe(200);
    const quizzes = response.json().quizzes as Array<{
      title: string;
      showByDefault: boolean;
      learnMoreLink: string;
    }>;
    expect(quizzes.map((quiz) => quiz.title)).toEqual(['Maths Featured', 'Science Featured']);
    expect(quizzes.every((quiz) => quiz.showByDefault)).toBe(true);
    // Only http(s) links reach the page.
    expect(quizzes[1]?.learnMoreLink).toBeNull();
  });

  it('gives an empty list for an unknown category', async () => {
    const response = await published({ category: 'Astrology', grade });
    expect(response.json()).toEqual({ quizzes: [] });
  });

  it('never carries questions or answers', async () => {
    const response = await published({ category: 'Maths', grade });
    const body = response.json();
    expect(revealingKeys(body)).toEqual([]);
    expect(JSON.stringify(body)).not.toMatch(/questions"/);
  });

  it.each([
    ['no grade', { category: 'Maths' }],
    ['a plain grade', { category: 'Maths', grade: 'c-7' }],
    ['an unknown grade', { grade: encodeGradeParam('c-99') }],
    ['a numeric category', { category: 3, grade }],
  ])('refuses %s with 400', async (_name, body) => {
    const response = await published(body);
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().message).toBe('string');
  });

  it('uses the same number of queries for 1 quiz as for 12', async () => {
    for (let index = 0; index < 12; index += 1) {
      await insertQuiz(context.database, { category: 'Many', grades: ['c-9'] });
    }
    await insertQuiz(context.database, { category: 'Single', grades: ['c-9'] });
    const queriesFor = async (category: string, expected: number) => {
      // Cold account cache both times, as after any write (decision 018).
      context.database.announce(ACCOUNT_CHANGED_CHANNEL, '');
      const before = context.database.queryCount();
      const response = await published({ category, grade: encodeGradeParam('c-9') });
      expect(response.json().quizzes).toHaveLength(expected);
      return context.database.queryCount() - before;
    };
    const single = await queriesFor('Single', 1);
    expect(await queriesFor('Many', 12)).toBe(single);
  });
});

describe('GET /api/quizzes/:quizId', () => {
  let imageId: string;
  let optionImageId: string;

  beforeAll(async () => {
    const png = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer();
    const jpeg = await sharp({ create: { width: 5, height: 5, channels: 3, background: '#ff0000' } })
      .jpeg()
      .toBuffer();
    imageId = await storeImage(context.database.db, png);
    optionImageId = await storeImage(context.database.db, jpeg);
  });

  it('returns the quiz and its questions, with image URLs, for the attempt page', async () => {
    const quiz = await insertQuiz(context.database, {
      title: 'Colours',
      category: 'Art',
      grades: ['c-2', 'Nursery'],
      learnMoreLink: 'https://example.org/colours',
      attemptsAllowed: 4,
      questions: [
        {
          text: 'Which colour is this?',
          imageMediaId: imageId,
          options: textOptions('Red', 'Blue'),
          correctIndex: 1,
        },
        {
          text: 'Pick the red square',
          options: [
            { type: 'image', value: mediaUrl(optionImageId) },
            { type: 'text', value: 'None of these' },
          ],
          correctIndex: 0,
        },
      ],
    });
    const response = await get(`/api/quizzes/${quiz.id}`);
    expect(response.statusCode).toBe(200);
    // The learner's draw (decision 031): questions and options shuffled. Read in the order written
    // through the pending draw, it is the quiz as authored.
    const body = response.json<{ questions: Array<{ options: unknown[]; questionImage: string | null }> }>();
    const draw = await pendingDrawOf(context.database, learnerId, quiz.id);
    expect(body.questions.map((question) => (question as { _id?: string })._id)).toEqual(
      draw.map((question) => question.questionId),
    );
    const authored = questionsAsAuthored(quiz.questionIds, draw, body.questions);
    expect({ ...body, questions: authored }).toEqual({
      _id: quiz.id,
      title: 'Colours',
      category: 'Art',
      grades: ['Nursery', 'c-2'],
      level: 0,
      levelName: null,
      subLevel: null,
      learnMoreLink: 'https://example.org/colours',
      quizLimits: 4,
      attemptCount: 0,
      totalQuestions: 2,
      questions: [
        {
          _id: quiz.questionIds[0],
          questionText: 'Which colour is this?',
          questionImage: `/api/media/${imageId}`,
          options: [
            { type: 'text', value: 'Red' },
            { type: 'text', value: 'Blue' },
          ],
        },
        {
          _id: quiz.questionIds[1],
          questionText: 'Pick the red square',
          questionImage: null,
          options: [
            { type: 'image', value: `/api/media/${optionImageId}` },
            { type: 'text', value: 'None of these' },
          ],
        },
      ],
    });
    const image = await get(authored[0]?.questionImage ?? 'no image');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('names the level of a certification quiz', async () => {
    const climber = await insertUser(context.database);
    await subscribe(context.database, climber.id, 'plan99', context.clock.now);
    await insertCertifications(context.database, climber.id, [
      ...subLevelIdsOf(1),
      ...subLevelIdsBefore('L2-C4'),
    ]);
    const quiz = await insertQuiz(context.database, { level: 2, subLevel: 'L2-C4' });
    const response = await context.request({
      method: 'GET',
      url: `/api/quizzes/${quiz.id}`,
      headers: await loginAs(context, climber.email),
    });
    const body = response.json();
    expect(body).toMatchObject({ level: 2, levelName: 'Level 2', subLevel: 'L2-C4' });
  });

  it('never reveals the correct answers, in any field', async () => {
    const quiz = await insertQuiz(context.database);
    const body = (await get(`/api/quizzes/${quiz.id}`)).json();
    expect(body.questions).toHaveLength(3);
    expect(revealingKeys(body)).toEqual([]);
    expect(withoutRevealingKeys(body)).toEqual(body);
    for (const question of body.questions) {
      expect(Object.keys(question).sort()).toEqual(['_id', 'options', 'questionImage', 'questionText']);
      for (const option of question.options) expect(Object.keys(option).sort()).toEqual(['type', 'value']);
    }
  });

  it('counts the learner’s own attempts only', async () => {
    const quiz = await insertQuiz(context.database);
    const other = await insertUser(context.database);
    const row = { quizId: quiz.id, answers: [0, 0, 0], score: 0, correctCount: 0, total: 3 };
    const snapshot = { title: quiz.title, questions: [] };
    await context.database.db.insert(attempts).values([
      { ...row, userId: learnerId, snapshot },
      { ...row, userId: learnerId, snapshot },
      { ...row, userId: other.id, snapshot },
    ]);
    expect((await get(`/api/quizzes/${quiz.id}`)).json().attemptCount).toBe(2);
  });

  it.each([
    ['a deleted quiz', { deleted: true }],
    ['an unpublished quiz', { published: false }],
  ])('answers 404 for %s', async (_name, input) => {
    const quiz = await insertQuiz(context.database, input);
    const response = await get(`/api/quizzes/${quiz.id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Quiz not found' });
  });

  it.each([
    ['an unknown id', '3f1c8a52-8d4e-4f0b-9a51-6f2d7c1e9b00'],
    ['a short id', 'abc'],
    ['a number', '12345'],
    ['an id with a quote', "3f1c8a52-8d4e-4f0b-9a51-6f2d7c1e9b00'"],
    ['an id with SQL', encodeURIComponent("1' or '1'='1")],
  ])('answers 404 for %s', async (_name, id) => {
    const response = await get(`/api/quizzes/${id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Quiz not found' });
  });
});

describe('GET /api/docs', () => {
  it('documents the quiz and attempt routes', async () => {
    const response = await context.request({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/quizzes/quiz-categories',
        '/quizzes/published',
        '/quizzes/{quizId}',
        '/quizzes/submit/{quizId}',
        '/quizzes/result/{attemptId}',
        '/quizzes/history',
      ]),
    );
  });
});
