import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allOptionsFilledMessage,
  correctAnswerMessage,
  QuizExportFile,
  questionTextOrImageMessage,
  TITLE_REQUIRED_MESSAGE,
  type AdminQuizDetail,
  type QuizImportProblem,
} from '@quizquest/shared';
import { countRows, createTestContext, type TestContext } from '../../testing/index.ts';
import { insertQuiz } from '../../testing/quizzes.ts';
import { pngImage, quizBody, signIn, textOptions, type Headers } from '../../testing/admin-quizzes.ts';
import { IMPORT_FAILED_MESSAGE } from './transfer.ts';

let context: TestContext;
let admin: Headers;

beforeAll(async () => {
  context = await createTestContext();
  admin = (await signIn(context, 'admin')).headers;
});
afterAll(async () => {
  await context.close();
});

const importFile = (target: TestContext, headers: Headers, payload: unknown) =>
  target.request({ method: 'POST', url: '/api/admin/quizzes/import', headers, payload: payload as object });
const exportFile = (target: TestContext, headers: Headers, query = '') =>
  target.request({ method: 'GET', url: `/api/admin/quizzes/export${query}`, headers });

const TABLES = ['quizzes', 'questions', 'quiz_grades', 'categories', 'media'];
async function tableCounts(target: TestContext = context) {
  return Promise.all(TABLES.map((table) => countRows(target.database, table)));
}

describe('POST /api/admin/quizzes/import — all or nothing', () => {
  it('reports every problem by quiz and question and writes nothing', async () => {
    const before = await tableCounts();
    const good = quizBody({ title: 'Good one', category: 'Brand New Category' });
    const noTitle = quizBody({ title: '' });
    const badQuestions = quizBody({ title: 'Bad questions' });
    badQuestions.questions = [
      { questionText: '', options: textOptions('A', 'B', 'C', 'D') },
      { questionText: 'Fine', options: textOptions('A', 'B', 'C', 'D'), correctAnswerIndex: 9 },
      { questionText: 'Short', options: textOptions('A', '', 'C', 'D') },
    ];
    const response = await importFile(context, admin, { version: 1, quizzes: [good, noTitle, badQuestions] });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ message: string; errors: QuizImportProblem[] }>();
    expect(body.message).toBe(IMPORT_FAILED_MESSAGE);
    expect(body.errors).toEqual([
      { quiz: 2, title: null, question: null, message: TITLE_REQUIRED_MESSAGE },
      { quiz: 3, title: 'Bad questions', question: 1, message: questionTextOrImageMessage(1) },
      { quiz: 3, title: 'Bad questions', question: 2, message: correctAnswerMessage(2) },
      { quiz: 3, title: 'Bad questions', question: 3, message: allOptionsFilledMessage(3) },
    ]);
    expect(await tableCounts()).toEqual(before);
  });

  it('rolls back the quizzes already written when an image of a later quiz is refused', async () => {
    const before = await tableCounts();
    const first = quizBody({ title: 'Written first' });
    first.questions[0] = { ...first.questions[0]!, questionImage: (await pngImage('#445566')).dataString };
    const second = quizBody({ title: 'Broken image' });
    second.questions[1] = {
      ...second.questions[1]!,
      options: [...textOptions('A', 'B', 'C'), { type: 'image', value: 'data:image/png;base64,AAAA' }],
    };
    const response = await importFile(context, admin, { version: 1, quizzes: [first, second] });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      {
        quiz: 2,
        title: 'Broken image',
        question: 2,
        message: 'The image of option 4 in Question 2 must be a PNG, JPEG, WebP or GIF image',
      },
    ]);
    expect(await tableCounts()).toEqual(before);
  });

  it('refuses titles used twice in the file or by a quiz that exists', async () => {
    await insertQuiz(context.database, { title: 'Already Here' });
    const response = await importFile(context, admin, {
      version: 1,
      quizzes: [
        quizBody({ title: 'Twice' }),
        quizBody({ title: 'twice' }),
        quizBody({ title: 'already here' }),
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      {
        quiz: 2,
        title: 'twice',
        question: null,
        message: 'The title "twice" is also used by quiz 1 of this file',
      },
      {
        quiz: 3,
        title: 'already here',
        question: null,
        message: 'A quiz titled "already here" already exists',
      },
    ]);
  });

  it.each([
    ['a file of another kind', { quizzes: [] }],
    ['a wrong version', { version: 2, quizzes: [quizBody()] }],
    ['no quizzes', { version: 1, quizzes: [] }],
    ['quizzes that are not a list', { version: 1, quizzes: 'many' }],
  ])('refuses %s with 400 and a message', async (_name, payload) => {
    const before = await tableCounts();
    const response = await importFile(context, admin, payload);
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().message).toBe('string');
    expect(await tableCounts()).toEqual(before);
  });

  it('adds every quiz of a good file', async () => {
    const response = await importFile(context, admin, {
      version: 1,
      quizzes: [
        quizBody({ title: 'Import A' }),
        quizBody({ title: 'Import B', level: 1, subLevel: 'L1-C2' }),
      ],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      message: '2 quizzes imported',
      imported: 2,
      quizzes: [{ title: 'Import A' }, { title: 'Import B' }],
    });
  });
});

describe('GET /api/admin/quizzes/export', () => {
  it('exports the filtered quizzes as a file', async () => {
    await insertQuiz(context.database, { title: 'Export Only Me', category: 'Rare' });
    const response = await exportFile(context, admin, '?title=export only');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="quizquest-quizzes-.*\.json"$/,
    );
    const file = QuizExportFile.parse(response.json());
    expect(file.quizzes.map((quiz) => quiz.title)).toEqual(['Export Only Me']);
    expect(file.quizzes[0]).toMatchObject({ category: 'Rare', attemptsAllowed: 3, level: 0, subLevel: null });
    expect(file.quizzes[0]?.questions.map((question) => question.correctAnswerIndex)).toEqual([1, 2, 0]);
  });

  it('round-trips: what one instance exports, another imports as the same quizzes with the same images', async () => {
    const questionImage = await pngImage('#aa3300', 20, 10);
    const optionImage = await pngImage('#00aa33', 8, 8);
    const body = quizBody({
      title: 'Round Trip',
      category: 'Travel',
      grades: ['c-2', 'c-9'],
      level: 7,
      subLevel: 'L7-C4',
      showByDefault: true,
      attemptsAllowed: 6,
      learnMoreLink: 'https://example.org/travel',
    });
    body.questions[0] = {
      ...body.questions[0]!,
      questionImage: questionImage.dataString,
      options: [
        ...textOptions('A', 'B'),
        { type: 'image', value: optionImage.dataString },
        ...textOptions('D'),
      ],
      correctAnswerIndex: 2,
    };
    const added = await context.request({
      method: 'POST',
      url: '/api/admin/quizzes/add',
      headers: admin,
      payload: body,
    });
    expect(added.statusCode).toBe(201);
    const original = added.json<{ quiz: AdminQuizDetail }>().quiz;

    const exported = await exportFile(context, admin, '?title=round trip');
    const file = QuizExportFile.parse(exported.json());
    // The images as stored: re-encoded without metadata (decision 022), an option image as a JPEG.
    const stored = await context.request({ method: 'GET', url: original.questions[0]?.questionImage ?? '' });
    expect(file.quizzes[0]?.questions[0]?.questionImage).toBe(
      `data:image/png;base64,${stored.rawPayload.toString('base64')}`,
    );
    expect(file.quizzes[0]?.questions[0]?.options[2]?.value).toMatch(/^data:image\/jpeg;base64,/);
    expect(optionImage.dataString).toMatch(/^data:image\/png;base64,/);

    const elsewhere = await createTestContext();
    try {
      const elsewhereAdmin = (await signIn(elsewhere, 'admin')).headers;
      const imported = await importFile(elsewhere, elsewhereAdmin, file);
      expect(imported.statusCode, imported.body).toBe(201);
      const [created] = imported.json<{ quizzes: Array<{ _id: string }> }>().quizzes;
      const copy = (
        await elsewhere.request({
          method: 'GET',
          url: `/api/admin/quizzes/${created?._id}`,
          headers: elsewhereAdmin,
        })
      ).json<AdminQuizDetail>();
      const comparable = (quiz: AdminQuizDetail) => ({
        ...quiz,
        _id: undefined,
        createdAt: undefined,
        updatedAt: undefined,
        questions: quiz.questions.map((question) => ({ ...question, _id: undefined })),
      });
      // Media ids are content hashes: the same bytes give the same URLs on both instances.
      expect(comparable(copy)).toEqual(comparable(original));
      const image = await elsewhere.request({ method: 'GET', url: copy.questions[0]?.questionImage ?? '' });
      expect(Buffer.compare(image.rawPayload, stored.rawPayload)).toBe(0);
      expect(questionImage.bytes.length).toBeGreaterThan(0);

      // The same file again is refused rather than doubling the catalogue.
      const before = await tableCounts(elsewhere);
      const again = await importFile(elsewhere, elsewhereAdmin, file);
      expect(again.statusCode).toBe(400);
      expect(again.json().errors[0].message).toBe('A quiz titled "Round Trip" already exists');
      expect(await tableCounts(elsewhere)).toEqual(before);
    } finally {
      await elsewhere.close();
    }
  });

  it('leaves deleted quizzes out', async () => {
    await insertQuiz(context.database, { title: 'Export Deleted', deleted: true });
    const file = QuizExportFile.parse((await exportFile(context, admin, '?title=export deleted')).json());
    expect(file.quizzes).toEqual([]);
  });
});
