import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allOptionsFilledMessage,
  ATTEMPTS_MESSAGE,
  CATEGORY_REQUIRED_MESSAGE,
  correctAnswerMessage,
  encodeGradeParam,
  GRADES_REQUIRED_MESSAGE,
  LEARN_MORE_LINK_MESSAGE,
  LEVEL_MESSAGE,
  PRACTICE_SUB_LEVEL_MESSAGE,
  questionTextOrImageMessage,
  QUESTIONS_REQUIRED_MESSAGE,
  QUIZ_SAVED_MESSAGE,
  subLevelRequiredMessage,
  TITLE_REQUIRED_MESSAGE,
  type AdminQuizDetail,
  type AdminQuizInput,
  type AdminQuizRow,
  type QuizResultResponse,
} from '@quizquest/shared';
import { attempts, quizzes } from '../../db/schema.ts';
import { countRows, createTestContext, type TestContext } from '../../testing/index.ts';
import { insertQuiz } from '../../testing/quizzes.ts';
import { resultAsAuthored, shownQuestionsOf } from '../../testing/shown.ts';
import { MEDIA_MAX_BYTES } from '../../lib/media.ts';
import { pngImage, quizBody, signIn, textOptions, type Headers } from '../../testing/admin-quizzes.ts';
import { ACCOUNT_CHANGED_CHANNEL } from '../../lib/account-cache.ts';

let context: TestContext;
let admin: Headers;

beforeAll(async () => {
  context = await createTestContext();
  admin = (await signIn(context, 'admin')).headers;
});
afterAll(async () => {
  await context.close();
});

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
  context.request({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const add = (payload: unknown) => send('POST', '/api/admin/quizzes/add', admin, payload);
const put = (id: string, payload: unknown) => send('PUT', `/api/admin/quizzes/${id}`, admin, payload);

async function created(payload: AdminQuizInput): Promise<AdminQuizDetail> {
  const response = await add(payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ quiz: AdminQuizDetail }>().quiz;
}

const TABLES = ['quizzes', 'questions', 'quiz_grades', 'categories', 'media'] as const;
async function tableCounts() {
  return Object.fromEntries(
    await Promise.all(
      TABLES.map(async (table) => [table, await countRows(context.database, table)] as const),
    ),
  );
}

/** The body with question `index` changed. */
function withQuestion(index: number, change: Record<string, unknown>): AdminQuizInput {
  const body = quizBody();
  body.questions = body.questions.map((question, at) =>
    at === index ? { ...question, ...change } : question,
  );
  return body;
}

describe('POST /api/admin/quizzes/add — every rule of the admin form, nothing written on a refusal', () => {
  let keptImageUrl: string;

  beforeAll(async () => {
    const quiz = await created(
      withQuestion(0, { questionImage: (await pngImage('#123456')).dataString, questionText: '' }),
    );
    keptImageUrl = quiz.questions[0]?.questionImage ?? '';
  });

  const notAnImage = `data:image/png;base64,${Buffer.from('just some text, no picture').toString('base64')}`;

  it.each<[string, () => unknown, string]>([
    ['a missing title', () => ({ ...quizBody(), title: undefined }), TITLE_REQUIRED_MESSAGE],
    ['a blank title', () => quizBody({ title: '   ' }), TITLE_REQUIRED_MESSAGE],
    ['a blank category', () => quizBody({ category: ' ' }), CATEGORY_REQUIRED_MESSAGE],
    ['no grade', () => quizBody({ grades: [] }), GRADES_REQUIRED_MESSAGE],
    ['an unknown grade', () => quizBody({ grades: ['c-4', 'c-13'] }), 'Choose a grade from the list'],
    ['no question', () => quizBody({ questions: [] }), QUESTIONS_REQUIRED_MESSAGE],
    [
      'a question with neither text nor image',
      () => withQuestion(1, { questionText: '  ', questionImage: '' }),
      questionTextOrImageMessage(2),
    ],
    [
      'an empty option',
      () => withQuestion(1, { options: textOptions('Mercury', ' ', 'Earth', 'Saturn') }),
      allOptionsFilledMessage(2),
    ],
    [
      'three options',
      () => withQuestion(0, { options: textOptions('A', 'B', 'C') }),
      allOptionsFilledMessage(1),
    ],
    [
      'five options',
      () => withQuestion(0, { options: textOptions('A', 'B', 'C', 'D', 'E') }),
      'Question 1 must have exactly 4 options.',
    ],
    [
      'a correct answer past the options',
      () => withQuestion(1, { correctAnswerIndex: 4 }),
      correctAnswerMessage(2),
    ],
    ['a negative correct answer', () => withQuestion(0, { correctAnswerIndex: -1 }), correctAnswerMessage(1)],
    [
      'a practice quiz with a sub-level',
      () => quizBody({ level: 0, subLevel: 'L1-C1' }),
      PRACTICE_SUB_LEVEL_MESSAGE,
    ],
    ['a level without a sub-level', () => quizBody({ level: 3, subLevel: '' }), subLevelRequiredMessage(3)],
    [
      'a sub-level of another level',
      () => quizBody({ level: 3, subLevel: 'L2-C1' }),
      subLevelRequiredMessage(3),
    ],
    [
      'a sub-level not in the catalogue',
      () => quizBody({ level: 3, subLevel: 'L3-C11' }),
      subLevelRequiredMessage(3),
    ],
    ['level 11', () => quizBody({ level: 11, subLevel: 'L11-C1' }), LEVEL_MESSAGE],
    ['a javascript: link', () => quizBody({ learnMoreLink: 'javascript:alert(1)' }), LEARN_MORE_LINK_MESSAGE],
    [
      'a data: link',
      () => quizBody({ learnMoreLink: 'data:text/html,<script>alert(1)</script>' }),
      LEARN_MORE_LINK_MESSAGE,
    ],
    ['an ftp link', () => quizBody({ learnMoreLink: 'ftp://example.org/file' }), LEARN_MORE_LINK_MESSAGE],
    ['zero attempts allowed', () => quizBody({ attemptsAllowed: 0 }), ATTEMPTS_MESSAGE],
    [
      'a question image that is not an image',
      () => withQuestion(1, { questionImage: notAnImage }),
      'The image of Question 2 must be a PNG, JPEG, WebP or GIF image',
    ],
    [
      'an option image that is not an image',
      () =>
        withQuestion(0, {
          options: [
            ...textOptions('Venus'),
            { type: 'image', value: 'not-an-image' },
            ...textOptions('E', 'J'),
          ],
        }),
      'The image of option 2 in Question 1 must be a PNG, JPEG, WebP or GIF image',
    ],
    [
      'an image URL this server never stored',
      () => withQuestion(0, { questionImage: `/api/media/${'ab'.repeat(32)}` }),
      'The image of Question 1 was not found. Please upload it again.',
    ],
  ])('refuses %s with 400 and a message naming it', async (_name, body, message) => {
    const before = await tableCounts();
    const response = await add(body());
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await tableCounts()).toEqual(before);
  });

  it('rolls back an image already stored when a later one is refused', async () => {
    const before = await tableCounts();
    const body = quizBody();
    body.questions[0] = { ...body.questions[0]!, questionImage: (await pngImage('#abcdef')).dataString };
    body.questions[1] = { ...body.questions[1]!, questionImage: notAnImage };
    const response = await add(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The image of Question 2 must be a PNG, JPEG, WebP or GIF image');
    expect(await tableCounts()).toEqual(before);
  });

  it('refuses an image over the media limit with 413', async () => {
    const before = await tableCounts();
    const huge = `data:image/png;base64,${Buffer.alloc(MEDIA_MAX_BYTES + 1024).toString('base64')}`;
    const response = await add(withQuestion(0, { questionImage: huge }));
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(/image of Question 1 is too large/);
    expect(await tableCounts()).toEqual(before);
  });

  it('keeps an image already stored when the form sends back its URL', async () => {
    const quiz = await created(withQuestion(1, { questionImage: keptImageUrl, questionText: '' }));
    expect(quiz.questions[1]?.questionImage).toBe(keptImageUrl);
  });

  it('refuses a body without JSON, and an unknown option type, with 400', async () => {
    expect((await send('POST', '/api/admin/quizzes/add', admin)).statusCode).toBe(400);
    const response = await add(
      withQuestion(0, { options: [{ type: 'video', value: 'x' }, ...textOptions('A', 'B', 'C')] }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('An option is of type text or image');
  });
});

describe('POST /api/admin/quizzes/add — what is stored', () => {
  it('creates the quiz with its questions, answers and grades and says so', async () => {
    const response = await add(
      quizBody({ title: 'Moons', grades: ['c-5', 'c-4', 'c-4'], learnMoreLink: '' }),
    );
    expect(response.statusCode).toBe(201);
    const body = response.json<{ message: string; quiz: AdminQuizDetail }>();
    expect(body.message).toBe(QUIZ_SAVED_MESSAGE);
    expect(body.quiz).toMatchObject({
      title: 'Moons',
      category: 'Space',
      grades: ['c-4', 'c-5'],
      level: 0,
      levelName: null,
      subLevel: null,
      showByDefault: false,
      learnMoreLink: null,
      attemptsAllowed: 3,
      version: 1,
      totalAttempts: 0,
    });
    expect(
      body.quiz.questions.map((question) => [question.questionText, question.correctAnswerIndex]),
    ).toEqual([
      ['Which planet is red?', 1],
      ['Which planet has rings?', 3],
    ]);
    const detail = await send('GET', `/api/admin/quizzes/${body.quiz._id}`, admin);
    expect(detail.json()).toEqual(body.quiz);
  });

  it('stores images as media and answers with their URLs', async () => {
    const questionImage = await pngImage('#ff8800', 40, 30);
    const optionImage = await pngImage('#0088ff', 6, 6);
    const quiz = await created(
      withQuestion(0, {
        questionImage: questionImage.dataString,
        options: [
          { type: 'image', value: optionImage.dataString },
          ...textOptions('Mars', 'Earth', 'Jupiter'),
        ],
      }),
    );
    const [question] = quiz.questions;
    expect(question?.questionImage).toMatch(/^\/api\/media\/[0-9a-f]{64}$/);
    expect(question?.options[0]).toEqual({ type: 'image', value: expect.stringMatching(/^\/api\/media\//) });
    const served = await context.request({ method: 'GET', url: question?.questionImage ?? '' });
    expect(served.statusCode).toBe(200);
    // Re-encoded without metadata (decision 022): a question image keeps its type and size, an
    // option image is the spec's JPEG.
    expect(served.headers['content-type']).toBe('image/png');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 40, height: 30 });
    const option = await context.request({ method: 'GET', url: question?.options[0]?.value ?? '' });
    expect(option.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(option.rawPayload).metadata()).toMatchObject({ width: 6, height: 6 });
    expect(questionImage.bytes.length + optionImage.bytes.length).toBeGreaterThan(0);
  });

  it('accepts a certification quiz with a sub-level of its level, even with the level as text', async () => {
    const quiz = await created(
      quizBody({ title: 'Level two', level: '2' as unknown as number, subLevel: 'L2-C5' }),
    );
    expect(quiz).toMatchObject({ level: 2, levelName: 'Level 2', subLevel: 'L2-C5' });
  });

  it('uses an existing category whatever its case, and creates a new one once', async () => {
    const before = await countRows(context.database, 'categories');
    expect((await created(quizBody({ title: 'Case', category: '  sPACE ' }))).category).toBe('Space');
    expect(await countRows(context.database, 'categories')).toBe(before);
    expect((await created(quizBody({ title: 'New one', category: 'Oceans' }))).category).toBe('Oceans');
    expect((await created(quizBody({ title: 'New two', category: 'OCEANS' }))).category).toBe('Oceans');
    expect(await countRows(context.database, 'categories')).toBe(before + 1);
    const categories = await send('GET', '/api/admin/quizzes/quiz-categories', admin);
    expect(categories.json().categories).toEqual(expect.arrayContaining(['Oceans', 'Space']));
    expect(
      categories.json().categories.filter((name: string) => name.toLowerCase() === 'oceans'),
    ).toHaveLength(1);
  });
});

describe('PUT and DELETE /api/admin/quizzes/:id, as a learner sees them', () => {
  let learner: Headers;
  let quiz: AdminQuizDetail;
  let attemptId: string;
  const grade = encodeGradeParam('c-6');
  const published = (category: string) =>
    send('POST', '/api/quizzes/published', learner, { category, grade }).then(
      (response) => response.json<{ quizzes: Array<{ _id: string; title: string }> }>().quizzes,
    );

  beforeAll(async () => {
    learner = (await signIn(context, 'learner', 'c-6')).headers;
  });

  it('a learner of a matching grade sees a new quiz and can take it', async () => {
    quiz = await created(
      quizBody({ title: 'Comets', category: 'Comets', grades: ['c-6'], attemptsAllowed: 5 }),
    );
    expect((await published('Comets')).map((row) => row.title)).toEqual(['Comets']);
    const other = (await signIn(context, 'learner', 'c-2')).headers;
    const otherList = await send('POST', '/api/quizzes/published', other, {
      category: 'Comets',
      grade: encodeGradeParam('c-2'),
    });
    expect(otherList.json().quizzes).toEqual([]);
    // Opens it (the learner's draw, decision 031) and answers both questions right.
    const submitted = await context.submitAsAuthored(learner, quiz._id, [1, 3]);
    expect(submitted.statusCode, submitted.body).toBe(201);
    attemptId = submitted.json().attemptId;
  });

  it('an edit replaces the questions and bumps the version; the attempt keeps what was answered', async () => {
    const [before] = await context.database.db.select().from(quizzes).where(eq(quizzes.id, quiz._id));
    context.clock.advance(60_000);
    const body = quizBody({ title: 'Comets and asteroids', category: 'Comets', grades: ['c-6', 'c-7'] });
    delete body.attemptsAllowed;
    body.questions = [
      {
        questionText: 'What is a comet made of?',
        correctAnswerIndex: 0,
        options: textOptions('Ice and dust', 'Iron', 'Gas only', 'Wood'),
      },
    ];
    const response = await put(quiz._id, body);
    expect(response.statusCode, response.body).toBe(200);
    const edited = response.json<{ message: string; quiz: AdminQuizDetail }>();
    expect(edited.message).toBe(QUIZ_SAVED_MESSAGE);
    expect(edited.quiz).toMatchObject({
      title: 'Comets and asteroids',
      grades: ['c-6', 'c-7'],
      version: (before?.version ?? 0) + 1,
      attemptsAllowed: 5,
      totalAttempts: 1,
      updatedAt: context.clock.now.toISOString(),
    });
    expect(edited.quiz.questions).toHaveLength(1);
    const [after] = await context.database.db.select().from(quizzes).where(eq(quizzes.id, quiz._id));
    expect(after?.updatedAt.getTime()).toBeGreaterThan(before?.updatedAt.getTime() ?? Infinity);

    const result = await send('GET', `/api/quizzes/result/${attemptId}`, learner);
    expect(result.statusCode).toBe(200);
    expect(result.json()).toMatchObject({
      quizTitle: 'Comets',
      score: 100,
      correctCount: 2,
      totalQuestions: 2,
    });
    // In the order written (the draw shuffled it): the questions as attempted, before the edit.
    const shown = await shownQuestionsOf(context.database, attemptId);
    const asAuthored = resultAsAuthored(
      quiz.questions.map((question) => question._id),
      shown,
      result.json<QuizResultResponse>(),
    );
    expect(asAuthored.questions.map((question) => question.questionText)).toEqual([
      'Which planet is red?',
      'Which planet has rings?',
    ]);
  });

  it('an edit is refused like an add, and changes nothing', async () => {
    const before = await tableCounts();
    const response = await put(quiz._id, withQuestion(0, { questionText: '' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(questionTextOrImageMessage(1));
    expect(await tableCounts()).toEqual(before);
    expect((await send('GET', `/api/admin/quizzes/${quiz._id}`, admin)).json().title).toBe(
      'Comets and asteroids',
    );
  });

  it('a delete hides the quiz everywhere but keeps the attempt, its result and the stats', async () => {
    const [before] = await context.database.db.select().from(quizzes).where(eq(quizzes.id, quiz._id));
    const response = await send('DELETE', `/api/admin/quizzes/${quiz._id}`, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Quiz deleted' });
    const [after] = await context.database.db.select().from(quizzes).where(eq(quizzes.id, quiz._id));
    expect(after?.deletedAt).not.toBeNull();
    expect(after?.version).toBe((before?.version ?? 0) + 1);

    expect(await published('Comets')).toEqual([]);
    expect((await send('GET', `/api/quizzes/${quiz._id}`, learner)).statusCode).toBe(404);
    const submit = await send('POST', `/api/quizzes/submit/${quiz._id}`, learner, { answers: [0] });
    expect(submit.statusCode).toBe(404);

    const history = await send('GET', '/api/quizzes/history', learner);
    expect(history.json().attempts.map((attempt: { _id: string }) => attempt._id)).toEqual([attemptId]);
    expect((await send('GET', `/api/quizzes/result/${attemptId}`, learner)).json().score).toBe(100);
    expect(await countRows(context.database, 'attempts')).toBeGreaterThan(0);

    const list = await send('GET', '/api/admin/quizzes?title=comets', admin);
    expect(list.json().quizzes).toEqual([]);
    expect((await send('GET', `/api/admin/quizzes/${quiz._id}`, admin)).statusCode).toBe(404);
    const stats = await send('GET', `/api/admin/quizzes/stats?quizId=${quiz._id}`, admin);
    expect(stats.json().stats).toEqual([
      expect.objectContaining({ quizId: quiz._id, attempts: 1, averageScore: 100, deleted: true }),
    ]);
  });

  it('a deleted quiz cannot be edited or deleted again: 404', async () => {
    expect((await put(quiz._id, quizBody())).statusCode).toBe(404);
    expect((await send('DELETE', `/api/admin/quizzes/${quiz._id}`, admin)).statusCode).toBe(404);
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-a-uuid'],
  ])('answers 404 for %s on GET, PUT and DELETE', async (_name, id) => {
    expect((await send('GET', `/api/admin/quizzes/${id}`, admin)).json()).toEqual({
      message: 'Quiz not found',
    });
    expect((await put(id, quizBody())).statusCode).toBe(404);
    expect((await send('DELETE', `/api/admin/quizzes/${id}`, admin)).statusCode).toBe(404);
  });
});

describe('GET /api/admin/quizzes', () => {
  const day = (date: string, time = '12:00:00') => new Date(`${date}T${time}.000Z`);
  const titles = (response: { json: () => { quizzes: AdminQuizRow[] } }) =>
    response.json().quizzes.map((quiz) => quiz.title);
  const list = (query: string) => send('GET', `/api/admin/quizzes?${query}`, admin);

  beforeAll(async () => {
    await insertQuiz(context.database, { title: 'Filter Alpha', createdAt: day('2024-03-01', '00:00:00') });
    await insertQuiz(context.database, { title: 'Filter Beta', createdAt: day('2024-03-02') });
    await insertQuiz(context.database, { title: 'Filter Gamma', createdAt: day('2024-03-03', '23:59:59') });
    await insertQuiz(context.database, { title: 'filter 100%_sure', createdAt: day('2024-03-04') });
    await insertQuiz(context.database, {
      title: 'Filter Deleted',
      createdAt: day('2024-03-02'),
      deleted: true,
    });
  });

  it('finds titles containing the search, ignoring case, newest first, without deleted quizzes', async () => {
    expect(titles(await list('title=FILTER'))).toEqual([
      'filter 100%_sure',
      'Filter Gamma',
      'Filter Beta',
      'Filter Alpha',
    ]);
    expect(titles(await list('title=%25_'))).toEqual(['filter 100%_sure']);
    expect(titles(await list('title=nothing-like-this'))).toEqual([]);
  });

  it('filters by creation day, both ends included', async () => {
    expect(titles(await list('title=filter&startDate=2024-03-02&endDate=2024-03-03'))).toEqual([
      'Filter Gamma',
      'Filter Beta',
    ]);
    expect(titles(await list('title=filter&startDate=2024-03-03'))).toEqual([
      'filter 100%_sure',
      'Filter Gamma',
    ]);
    expect(titles(await list('title=filter&endDate=2024-03-01'))).toEqual(['Filter Alpha']);
    expect(
      titles(await list(`title=filter&startDate=${encodeURIComponent('2024-03-02T12:00:00+00:00')}`)),
    ).toEqual(['filter 100%_sure', 'Filter Gamma', 'Filter Beta']);
  });

  it.each([
    [
      'a start after the end',
      'startDate=2024-03-05&endDate=2024-03-01',
      'The start date must be on or before the end date',
    ],
    ['a date that is not one', 'startDate=yesterday', 'A date must be YYYY-MM-DD or an ISO date and time'],
    ['page 0', 'page=0', 'page must be a number from 1 to 100000'],
    ['a page size of 1000', 'pageSize=1000', 'pageSize must be a number from 1 to 100'],
  ])('refuses %s with 400', async (_name, query, message) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('pages through the results and tells the total', async () => {
    const first = await list('title=filter&pageSize=3');
    expect(first.json()).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(titles(first)).toHaveLength(3);
    const second = await list('title=filter&pageSize=3&page=2');
    expect(titles(second)).toEqual(['Filter Alpha']);
    expect(titles(await list('title=filter&pageSize=3&page=3'))).toEqual([]);
  });

  it('gives each row its grades, creation time and attempts', async () => {
    const quiz = await insertQuiz(context.database, {
      title: 'Row Shape',
      category: 'Shapes',
      grades: ['c-10', 'Nursery'],
      level: 4,
      subLevel: 'L4-C2',
      createdAt: day('2023-01-05'),
    });
    const learner = await signIn(context, 'learner');
    for (const score of [5000, 10_000]) {
      await context.database.db.insert(attempts).values({
        userId: learner.id,
        quizId: quiz.id,
        answers: [0],
        score,
        correctCount: 1,
        total: 3,
        snapshot: { title: 'Row Shape', questions: [] },
      });
    }
    expect((await list('title=row shape')).json().quizzes).toEqual([
      {
        _id: quiz.id,
        title: 'Row Shape',
        category: 'Shapes',
        level: 4,
        subLevel: 'L4-C2',
        grades: ['Nursery', 'c-10'],
        createdAt: '2023-01-05T12:00:00.000Z',
        updatedAt: expect.any(String),
        totalAttempts: 2,
        totalQuestions: 3,
      },
    ]);
  });

  it('uses the same number of queries for a page of 1 quiz as for 12', async () => {
    for (let index = 0; index < 12; index += 1)
      await insertQuiz(context.database, { title: `Bulk ${index}` });
    await insertQuiz(context.database, { title: 'Lonely' });
    const queriesFor = async (title: string, expected: number) => {
      // Cold caches both times, as after any write (decisions 016 and 018).
      context.database.announce(ACCOUNT_CHANGED_CHANNEL, '');
      const before = context.database.queryCount();
      const response = await list(`title=${title}`);
      expect(response.json().quizzes).toHaveLength(expected);
      return context.database.queryCount() - before;
    };
    const single = await queriesFor('Lonely', 1);
    expect(await queriesFor('Bulk', 12)).toBe(single);
  });
});
