import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq, inArray, like, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { default as Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContentQuizInput } from '@quizquest/shared';
import { categories, questions, quizGrades, quizzes } from '../../db/schema.ts';
import { countRows, createTestContext, openTestDatabase, type TestContext } from '../../testing/index.ts';
import {
  ContentPackError,
  loadContentIfEmpty,
  loadContentPack,
  readContentPack,
  type LoadProgress,
} from './loader.ts';

/** Counts sharp pipelines: a pack image already stored is not decoded again. */
const sharpCalls = vi.hoisted(() => ({ count: 0 }));
vi.mock('sharp', async (importOriginal) => {
  const actual = await importOriginal<{ default: typeof Sharp }>();
  const counted = (...args: Parameters<typeof actual.default>) => {
    sharpCalls.count += 1;
    return actual.default(...args);
  };
  return { default: Object.assign(counted, actual.default) };
});

let context: TestContext;
let red: Buffer;
let blue: Buffer;
const tempDirs: string[] = [];

beforeAll(async () => {
  context = await createTestContext();
  const square = (background: string) =>
    sharp({ create: { width: 24, height: 24, channels: 3, background } })
      .png()
      .toBuffer();
  [red, blue] = await Promise.all([square('#e53935'), square('#1e63c4')]);
});
afterAll(async () => {
  await context.close();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

const textOptions = (...values: string[]) => values.map((value) => ({ type: 'text' as const, value }));

/** A small valid pack under `prefix` (keys, titles and the category are unique to one test). */
/** Pack quizzes written with their questions (a generated quiz has none). */
type AuthoredQuiz = ContentQuizInput & { questions: NonNullable<ContentQuizInput['questions']> };

function samplePack(prefix: string): Record<string, AuthoredQuiz[]> {
  return {
    'certification/level-01.json': [
      {
        key: `${prefix}-cert-a`,
        title: `${prefix} Alphabet`,
        category: `${prefix} English`,
        grades: ['Nursery', 'Jr-Kg'],
        level: 1,
        subLevel: 'L1-C1',
        showByDefault: false,
        questions: [
          {
            questionText: 'Which letter comes after A?',
            options: textOptions('B', 'C', 'D', 'E'),
            correctAnswerIndex: 0,
          },
          {
            questionText: 'Which letter comes before C?',
            options: textOptions('A', 'B', 'D', 'Z'),
            correctAnswerIndex: 1,
          },
        ],
      },
      {
        key: `${prefix}-cert-b`,
        title: `${prefix} Numbers`,
        category: `${prefix} Maths`,
        grades: ['Sr-Kg'],
        level: 1,
        subLevel: 'L1-C2',
        showByDefault: false,
        attemptsAllowed: 5,
        learnMoreLink: 'https://example.org/numbers',
        questions: [
          { questionText: 'What is 2 + 1?', options: textOptions('2', '3', '4', '5'), correctAnswerIndex: 1 },
          { questionText: 'What is 5 - 3?', options: textOptions('1', '2', '3', '8'), correctAnswerIndex: 1 },
          { questionText: 'What is 2 × 2?', options: textOptions('4', '6', '8', '2'), correctAnswerIndex: 0 },
        ],
      },
    ],
    'practice/colours.json': [
      {
        key: `${prefix}-practice-colours`,
        title: `${prefix} Colours`,
        // Same category as cert-b in other letter case: one category row.
        category: `${prefix} maths`,
        grades: ['c-1', 'c-2'],
        level: 0,
        showByDefault: true,
        questions: [
          {
            questionText: 'What colour is this?',
            questionImage: 'images/red.png',
            options: textOptions('Red', 'Blue', 'Green', 'Yellow'),
            correctAnswerIndex: 0,
          },
          {
            questionText: 'Which one is blue?',
            options: [
              { type: 'image', value: 'images/red.png' },
              { type: 'image', value: 'images/blue.png' },
              { type: 'text', value: 'Neither' },
              { type: 'text', value: 'Both' },
            ],
            correctAnswerIndex: 1,
          },
        ],
      },
    ],
  };
}

function writePack(files: Record<string, unknown>, images: Record<string, Buffer | string> = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'qq-pack-'));
  tempDirs.push(dir);
  const all: Record<string, Buffer | string> = { 'images/red.png': red, 'images/blue.png': blue, ...images };
  for (const [file, content] of Object.entries({ ...files, ...all })) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    const data =
      Buffer.isBuffer(content) || typeof content === 'string' ? content : JSON.stringify(content, null, 2);
    writeFileSync(path.join(dir, file), data);
  }
  return dir;
}

async function quizzesOf(prefix: string) {
  return context.database.db
    .select({
      id: quizzes.id,
      key: quizzes.contentKey,
      title: quizzes.title,
      category: categories.name,
      level: quizzes.level,
      subLevel: quizzes.subLevel,
      showByDefault: quizzes.showByDefault,
      attemptsAllowed: quizzes.attemptsAllowed,
      learnMoreLink: quizzes.learnMoreLink,
      published: quizzes.published,
      version: quizzes.version,
    })
    .from(quizzes)
    .leftJoin(categories, eq(categories.id, quizzes.categoryId))
    .where(like(quizzes.contentKey, `${prefix}-%`))
    .orderBy(asc(quizzes.contentKey));
}

async function questionsOf(quizId: string) {
  return context.database.db
    .select({
      id: questions.id,
      position: questions.position,
      text: questions.text,
      imageMediaId: questions.imageMediaId,
      options: questions.options,
      correctIndex: questions.correctIndex,
    })
    .from(questions)
    .where(eq(questions.quizId, quizId))
    .orderBy(asc(questions.position));
}

async function gradesOf(quizId: string) {
  const rows = await context.database.db
    .select({ grade: quizGrades.grade })
    .from(quizGrades)
    .where(eq(quizGrades.quizId, quizId));
  return rows.map((row) => row.grade).sort();
}

async function countOf(prefix: string) {
  const rows = await quizzesOf(prefix);
  const ids = rows.map((row) => row.id);
  const [questionCount] = await context.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(questions)
    .where(inArray(questions.quizId, ids));
  const [gradeCount] = await context.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(quizGrades)
    .where(inArray(quizGrades.quizId, ids));
  const [categoryCount] = await context.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(categories)
    .where(sql`lower(${categories.name}) like lower(${`${prefix} %`})`);
  return {
    quizzes: rows.length,
    questions: questionCount?.count,
    grades: gradeCount?.count,
    categories: categoryCount?.count,
  };
}

describe('loadContentPack', () => {
  it('adds a new pack, then keeps all of it on a second load without duplicating anything', async () => {
    const dir = writePack(samplePack('twice'));
    expect(await loadContentPack(context.database.db, dir)).toEqual({ added: 3, changed: 0, kept: 0 });
    const counts = await countOf('twice');
    expect(counts).toEqual({ quizzes: 3, questions: 7, grades: 5, categories: 2 });

    const [certA, certB, practice] = await quizzesOf('twice');
    expect(certA).toMatchObject({
      key: 'twice-cert-a',
      title: 'twice Alphabet',
      category: 'twice English',
      level: 1,
      subLevel: 'L1-C1',
      showByDefault: false,
      attemptsAllowed: 3,
      learnMoreLink: null,
      published: true,
      version: 1,
    });
    expect(certB).toMatchObject({
      category: 'twice Maths',
      attemptsAllowed: 5,
      learnMoreLink: 'https://example.org/numbers',
    });
    expect(practice).toMatchObject({
      category: 'twice Maths',
      level: 0,
      subLevel: null,
      showByDefault: true,
    });
    expect(await gradesOf(certA?.id ?? '')).toEqual(['Jr-Kg', 'Nursery']);
    const certBQuestions = await questionsOf(certB?.id ?? '');
    expect(
      certBQuestions.map(({ position, text, correctIndex }) => ({ position, text, correctIndex })),
    ).toEqual([
      { position: 0, text: 'What is 2 + 1?', correctIndex: 1 },
      { position: 1, text: 'What is 5 - 3?', correctIndex: 1 },
      { position: 2, text: 'What is 2 × 2?', correctIndex: 0 },
    ]);
    expect(certBQuestions[0]?.options).toEqual(textOptions('2', '3', '4', '5'));

    expect(await loadContentPack(context.database.db, dir)).toEqual({ added: 0, changed: 0, kept: 3 });
    expect(await countOf('twice')).toEqual(counts);
    expect((await quizzesOf('twice')).map((quiz) => quiz.version)).toEqual([1, 1, 1]);
    // Kept means untouched: the question rows are the same rows.
    expect((await questionsOf(certB?.id ?? '')).map((question) => question.id)).toEqual(
      certBQuestions.map((question) => question.id),
    );
  });

  it('updates a changed quiz in place: new questions and grades, version bumped, admin settings kept', async () => {
    const pack = samplePack('edit');
    await loadContentPack(context.database.db, writePack(pack));
    const [certA, certBBefore] = await quizzesOf('edit');
    const certAQuestionIds = (await questionsOf(certA?.id ?? '')).map((question) => question.id);
    await context.database.db
      .update(quizzes)
      .set({ published: false })
      .where(eq(quizzes.id, certBBefore?.id ?? ''));

    const certB = pack['certification/level-01.json']?.[1];
    if (!certB) throw new Error('sample pack changed');
    certB.title = 'edit Numbers Again';
    certB.grades = ['Sr-Kg', 'c-1'];
    certB.questions = [
      { questionText: 'What is 3 + 4?', options: textOptions('6', '7', '8', '9'), correctAnswerIndex: 1 },
      { questionText: 'What is 9 - 3?', options: textOptions('5', '6', '7', '12'), correctAnswerIndex: 1 },
    ];
    const progress: LoadProgress[] = [];
    const result = await loadContentPack(context.database.db, writePack(pack), {
      onProgress: (step) => progress.push(step),
    });
    expect(result).toEqual({ added: 0, changed: 1, kept: 2 });
    expect(progress).toEqual([
      { done: 1, total: 3, key: 'edit-cert-a' },
      { done: 2, total: 3, key: 'edit-cert-b' },
      { done: 3, total: 3, key: 'edit-practice-colours' },
    ]);

    const [certAAfter, certBAfter, practice] = await quizzesOf('edit');
    expect(certBAfter).toMatchObject({
      id: certBBefore?.id,
      title: 'edit Numbers Again',
      version: 2,
      published: false,
    });
    expect(certAAfter?.version).toBe(1);
    expect(practice?.version).toBe(1);
    expect(await gradesOf(certBAfter?.id ?? '')).toEqual(['Sr-Kg', 'c-1']);
    const after = await questionsOf(certBAfter?.id ?? '');
    expect(
      after.map(({ position, text, options, correctIndex }) => ({ position, text, options, correctIndex })),
    ).toEqual([
      { position: 0, text: 'What is 3 + 4?', options: textOptions('6', '7', '8', '9'), correctIndex: 1 },
      { position: 1, text: 'What is 9 - 3?', options: textOptions('5', '6', '7', '12'), correctIndex: 1 },
    ]);
    expect((await questionsOf(certA?.id ?? '')).map((question) => question.id)).toEqual(certAQuestionIds);
    expect(await countOf('edit')).toMatchObject({ quizzes: 3, questions: 6, grades: 6 });

    // A change to one answer alone is a change too.
    certB.questions[1] = {
      questionText: 'What is 9 - 3?',
      options: textOptions('6', '5', '7', '12'),
      correctAnswerIndex: 0,
    };
    expect(await loadContentPack(context.database.db, writePack(pack))).toEqual({
      added: 0,
      changed: 1,
      kept: 2,
    });
    expect((await questionsOf(certBAfter?.id ?? ''))[1]).toMatchObject({
      correctIndex: 0,
      options: textOptions('6', '5', '7', '12'),
    });
    expect((await quizzesOf('edit'))[1]?.version).toBe(3);
  });

  it('leaves quizzes that the pack no longer contains alone', async () => {
    const pack = samplePack('gone');
    await loadContentPack(context.database.db, writePack(pack));
    delete pack['practice/colours.json'];
    expect(await loadContentPack(context.database.db, writePack(pack))).toEqual({
      added: 0,
      changed: 0,
      kept: 2,
    });
    const left = await quizzesOf('gone');
    expect(left.map((quiz) => quiz.key)).toEqual(['gone-cert-a', 'gone-cert-b', 'gone-practice-colours']);
    expect((await questionsOf(left[2]?.id ?? '')).length).toBe(2);
  });

  it('stores images as media: question and option images become URLs that GET /api/media/<id> serves', async () => {
    await loadContentPack(context.database.db, writePack(samplePack('media')));
    const practice = (await quizzesOf('media'))[2];
    const [withImage, withImageOptions] = await questionsOf(practice?.id ?? '');
    expect(withImage?.imageMediaId).toMatch(/^[0-9a-f]{64}$/);
    expect(withImage?.options).toEqual(textOptions('Red', 'Blue', 'Green', 'Yellow'));

    const questionImage = await context.request({
      method: 'GET',
      url: `/api/media/${withImage?.imageMediaId}`,
    });
    expect(questionImage.statusCode).toBe(200);
    // Re-encoded like an admin's upload (decision 022): a question image keeps its type and size,
    // an option image is the spec's JPEG.
    expect(questionImage.headers['content-type']).toBe('image/png');
    expect(await sharp(questionImage.rawPayload).metadata()).toMatchObject({ width: 24, height: 24 });

    const [redOption, blueOption, neither] = withImageOptions?.options ?? [];
    expect(redOption?.type).toBe('image');
    expect(redOption?.value).toMatch(/^\/api\/media\/[0-9a-f]{64}$/);
    expect(blueOption?.type).toBe('image');
    expect(blueOption?.value).toMatch(/^\/api\/media\/[0-9a-f]{64}$/);
    expect(neither).toEqual({ type: 'text', value: 'Neither' });
    const blueImage = await context.request({ method: 'GET', url: blueOption?.value ?? '' });
    expect(blueImage.statusCode).toBe(200);
    expect(blueImage.headers['content-type']).toBe('image/jpeg');
    const { data } = await sharp(blueImage.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)].map((value) => Math.round(value / 16))).toEqual([2, 6, 12]);
  });

  it('stores explanations and updates them on reload: a changed explanation is a new version (decision 029)', async () => {
    const pack = samplePack('explain');
    const colours = pack['practice/colours.json']![0]!;
    colours.questions[0] = {
      ...colours.questions[0]!,
      explanation: 'Fire engines and ripe tomatoes have this colour.',
      explanationImage: 'images/blue.png',
    };
    expect(await loadContentPack(context.database.db, writePack(pack))).toEqual({
      added: 3,
      changed: 0,
      kept: 0,
    });
    const practice = (await quizzesOf('explain'))[2]!;
    const stored = async () =>
      context.database.db
        .select({ explanation: questions.explanation, image: questions.explanationImageMediaId })
        .from(questions)
        .where(eq(questions.quizId, practice.id))
        .orderBy(asc(questions.position));
    const [first, second] = await stored();
    expect(first?.explanation).toBe('Fire engines and ripe tomatoes have this colour.');
    expect(first?.image).toMatch(/^[0-9a-f]{64}$/);
    expect(second).toEqual({ explanation: null, image: null });
    // Kept as uploaded, like a question image: the PNG keeps its type and size.
    const image = await context.request({ method: 'GET', url: `/api/media/${first?.image}` });
    expect(image.headers['content-type']).toBe('image/png');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 24, height: 24 });

    // Unchanged: kept. Only the explanation changed: the quiz changes, its version goes up.
    expect(await loadContentPack(context.database.db, writePack(pack))).toEqual({
      added: 0,
      changed: 0,
      kept: 3,
    });
    colours.questions[0] = { ...colours.questions[0]!, explanation: 'Ripe tomatoes are red.' };
    delete colours.questions[0].explanationImage;
    expect(await loadContentPack(context.database.db, writePack(pack))).toEqual({
      added: 0,
      changed: 1,
      kept: 2,
    });
    expect((await quizzesOf('explain'))[2]?.version).toBe(practice.version + 1);
    expect((await stored())[0]).toEqual({ explanation: 'Ripe tomatoes are red.', image: null });
  });

  it('stores Hindi versions of quizzes and questions, and a changed Hindi text is a new version (decision 034)', async () => {
    const pack = samplePack('hindi');
    const colours = pack['practice/colours.json']![0]!;
    colours.hi = { title: 'hindi रंग' };
    colours.questions[1] = {
      ...colours.questions[1]!,
      hi: { questionText: 'कौन-सा नीला है?', options: [null, null, 'कोई नहीं', 'दोनों'] },
    };
    expect(await loadContentPack(context.database.db, writePack(pack))).toEqual({
      added: 3,
      changed: 0,
      kept: 0,
    });
    const practice = (await quizzesOf('hindi'))[2]!;
    const [quizRow] = await context.database.db
      .select({ translations: quizzes.translations })
      .from(quizzes)
      .where(eq(quizzes.id, practice.id));
    expect(quizRow?.translations).toEqual({ hi: { title: 'hindi रंग' } });
    const stored = async () =>
      (
        await context.database.db
          .select({ translations: questions.translations })
          .from(questions)
          .where(eq(questions.quizId, practice.id))
          .orderBy(asc(questions.position))
      ).map((row) => row.translations);
    expect(await stored()).toEqual([
      null,
      { hi: { questionText: 'कौन-सा नीला है?', options: [null, null, 'कोई नहीं', 'दोनों'], explanation: null } },
    ]);
    expect(await loadContentPack(context.database.db, writePack(pack))).toEqual({
      added: 0,
      changed: 0,
      kept: 3,
    });
    colours.questions[1]!.hi = {
      questionText: 'इनमें से नीला कौन-सा है?',
      options: [null, null, 'कोई नहीं', 'दोनों'],
    };
    expect(await loadContentPack(context.database.db, writePack(pack))).toEqual({
      added: 0,
      changed: 1,
      kept: 2,
    });
    expect((await stored())[1]).toMatchObject({ hi: { questionText: 'इनमें से नीला कौन-सा है?' } });
  });

  it('refuses a Hindi version that does not fit its question', async () => {
    const pack = samplePack('badhindi');
    const colours = pack['practice/colours.json']![0]!;
    colours.questions[1] = {
      ...colours.questions[1]!,
      // An image option given Hindi text, and two options the same in Hindi.
      hi: { questionText: 'कौन-सा नीला है?', options: ['लाल', null, 'दोनों', 'दोनों'] },
    };
    const error = await readContentPack(writePack(pack)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContentPackError);
    expect(String((error as ContentPackError).problems)).toMatch(/image option has no Hindi text/);
    expect(String((error as ContentPackError).problems)).toMatch(/appears twice/);
  });

  it('loads an unchanged pack again without decoding its images again', async () => {
    const dir = writePack(samplePack('again'));
    await loadContentPack(context.database.db, dir);
    const media = await countRows(context.database, 'media');
    sharpCalls.count = 0;
    expect(await loadContentPack(context.database.db, dir)).toEqual({ added: 0, changed: 0, kept: 3 });
    // readContentPack reads each image's header once; nothing is re-encoded.
    const headers = 2;
    expect(sharpCalls.count).toBe(headers);
    expect(await countRows(context.database, 'media')).toBe(media);
  });

  it('refuses a damaged pack image with the file, quiz and image named, and writes nothing of that quiz', async () => {
    const pack = samplePack('damaged');
    const noisy = await sharp({
      create: {
        width: 64,
        height: 64,
        channels: 3,
        background: '#000000',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    const dir = writePack(pack, { 'images/red.png': noisy.subarray(0, noisy.length / 2) });
    const error = await loadContentPack(context.database.db, dir).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ContentPackError);
    expect((error as ContentPackError).problems).toEqual([
      'practice/colours.json: quiz damaged-practice-colours: image images/red.png: The images/red.png could not be read as an image: the file is damaged or incomplete',
    ]);
  });

  it('is safe to run twice at once: every quiz is added exactly once', async () => {
    const dir = writePack(samplePack('race'));
    const results = await Promise.all([
      loadContentPack(context.database.db, dir),
      loadContentPack(context.database.db, dir),
    ]);
    expect(results.reduce((sum, result) => sum + result.added, 0)).toBe(3);
    expect(results.reduce((sum, result) => sum + result.kept, 0)).toBe(3);
    expect(await countOf('race')).toEqual({ quizzes: 3, questions: 7, grades: 5, categories: 2 });
  });
});

describe('an invalid pack', () => {
  const withQuiz = (prefix: string, change: (quiz: Record<string, unknown>) => void) => {
    const pack = samplePack(prefix) as Record<string, Array<Record<string, unknown>>>;
    const quiz = pack['practice/colours.json']?.[0];
    if (!quiz) throw new Error('sample pack changed');
    change(quiz);
    return pack;
  };
  const firstQuestion = (quiz: Record<string, unknown>) =>
    (quiz.questions as Array<Record<string, unknown>>)[0] ?? {};
  const secondQuestion = (quiz: Record<string, unknown>) =>
    (quiz.questions as Array<Record<string, unknown>>)[1] ?? {};

  const cases: Array<
    [string, () => { files: Record<string, unknown>; images?: Record<string, Buffer | string> }, RegExp]
  > = [
    [
      'a question with three options',
      () => ({
        files: withQuiz('bad1', (quiz) => (secondQuestion(quiz).options = textOptions('a', 'b', 'c'))),
      }),
      /practice\/colours\.json: quiz bad1-practice-colours, question 2, options: A question has exactly 4 options/,
    ],
    [
      'two options that differ only in case',
      () => ({
        files: withQuiz(
          'bad2',
          (quiz) => (firstQuestion(quiz).options = textOptions('Red', 'red', 'Blue', 'Green')),
        ),
      }),
      /quiz bad2-practice-colours, question 1, options\[1\]\.value: Option "red" appears twice/,
    ],
    [
      'a correct answer index out of range',
      () => ({ files: withQuiz('bad3', (quiz) => (firstQuestion(quiz).correctAnswerIndex = 4)) }),
      /question 1, correctAnswerIndex: correctAnswerIndex must be 0 to 3/,
    ],
    [
      'a practice quiz with a sub-level',
      () => ({ files: withQuiz('bad4', (quiz) => (quiz.subLevel = 'L1-C3')) }),
      /quiz bad4-practice-colours, subLevel: A practice quiz \(level 0\) has no subLevel/,
    ],
    [
      'a certification quiz whose sub-level is of another level',
      () => ({ files: withQuiz('bad5', (quiz) => Object.assign(quiz, { level: 2, subLevel: 'L1-C3' })) }),
      /subLevel: A level 2 quiz needs subLevel L2-C1 … L2-C10/,
    ],
    [
      'an unknown grade',
      () => ({ files: withQuiz('bad6', (quiz) => (quiz.grades = ['c-13'])) }),
      /quiz bad6-practice-colours, grades\[0\]: Choose a grade from the list/,
    ],
    [
      'a javascript: learn-more link',
      () => ({ files: withQuiz('bad7', (quiz) => (quiz.learnMoreLink = 'javascript:alert(1)')) }),
      /learnMoreLink: learnMoreLink must be an http\(s\) link/,
    ],
    [
      'a misspelt field',
      () => ({ files: withQuiz('bad8', (quiz) => (quiz.showbydefault = true)) }),
      /quiz bad8-practice-colours: Unrecognized key: "showbydefault"/,
    ],
    [
      'a duplicate question text',
      () => ({
        files: withQuiz('bad9', (quiz) => (secondQuestion(quiz).questionText = 'what colour is THIS?')),
      }),
      /question 2, questionText: Question text "what colour is THIS\?" appears twice in this quiz/,
    ],
    [
      'a key used in two files',
      () => ({
        files: withQuiz('bad10', (quiz) => (quiz.key = 'bad10-cert-a')),
      }),
      /practice\/colours\.json: quiz bad10-cert-a, key: "bad10-cert-a" is also used in certification\/level-01\.json/,
    ],
    [
      'a missing image',
      () => ({
        files: withQuiz('bad11', (quiz) => (firstQuestion(quiz).questionImage = 'images/missing.png')),
      }),
      /quiz bad11-practice-colours, question 1: image images\/missing\.png is missing/,
    ],
    [
      'an image that is not an image',
      () => ({
        files: samplePack('bad12'),
        images: { 'images/blue.png': '<svg xmlns="http://www.w3.org/2000/svg"/>' },
      }),
      /quiz bad12-practice-colours, question 2: image images\/blue\.png is not a PNG, JPEG, WebP or GIF image/,
    ],
    [
      'an image path that leaves the pack',
      () => ({
        files: withQuiz('bad13', (quiz) => (firstQuestion(quiz).questionImage = 'images/../../secret.png')),
      }),
      /question 1, questionImage: An image must name a \.png, \.jpg, \.webp or \.gif file under images\//,
    ],
    [
      'a file that is not JSON',
      () => ({ files: { ...samplePack('bad14'), 'practice/broken.json': '[{"key": "x",' } }),
      /practice\/broken\.json: not valid JSON/,
    ],
    [
      'a file that is not an array',
      () => ({ files: { ...samplePack('bad15'), 'practice/object.json': { key: 'x' } } }),
      /practice\/object\.json: A content file is a JSON array of quizzes/,
    ],
  ];

  it.each(cases)(
    'with %s throws, naming the file, quiz and question, and writes nothing',
    async (_name, make, message) => {
      const { files, images } = make();
      const dir = writePack(files, images);
      const tables = ['quizzes', 'questions', 'quiz_grades', 'categories', 'media'];
      const before = await Promise.all(tables.map((table) => countRows(context.database, table)));
      const error = await loadContentPack(context.database.db, dir).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(ContentPackError);
      expect((error as ContentPackError).message).toMatch(message);
      expect(await Promise.all(tables.map((table) => countRows(context.database, table)))).toEqual(before);
    },
  );

  it('refuses an explanation that only repeats the correct option, or names a missing image', async () => {
    const pack = samplePack('bad-explanation');
    const colours = pack['practice/colours.json']![0]!;
    colours.questions[0] = { ...colours.questions[0]!, explanation: ' red ' };
    colours.questions[1] = { ...colours.questions[1]!, explanationImage: 'images/missing.png' };
    const problems = await readContentPack(writePack(pack)).then(
      () => [],
      (error: unknown) => (error instanceof ContentPackError ? error.problems : [String(error)]),
    );
    expect(problems).toEqual([
      'practice/colours.json: quiz bad-explanation-practice-colours, question 1, explanation: The explanation only repeats the correct answer: say why it is right',
    ]);
    colours.questions[0] = { ...colours.questions[0]!, explanation: 'Like a ripe tomato.' };
    await expect(readContentPack(writePack(pack))).rejects.toThrow(
      'practice/colours.json: quiz bad-explanation-practice-colours, question 2: image images/missing.png is missing',
    );
  });

  it('lists every problem of the pack at once', async () => {
    const files = withQuiz('many', (quiz) => {
      firstQuestion(quiz).correctAnswerIndex = -1;
      secondQuestion(quiz).questionText = '';
    });
    const error = await readContentPack(writePack(files)).catch((thrown: unknown) => thrown);
    expect((error as ContentPackError).problems).toEqual([
      'practice/colours.json: quiz many-practice-colours, question 1, correctAnswerIndex: correctAnswerIndex must be 0 to 3',
      'practice/colours.json: quiz many-practice-colours, question 2, questionText: Question text is required',
    ]);
  });

  it('refuses a folder without quiz files', async () => {
    await expect(readContentPack(writePack({}))).rejects.toThrow(
      /no quiz files under certification\/ or practice\//,
    );
  });
});

describe('loadContentIfEmpty', () => {
  it('loads the pack into a database without quizzes, and does nothing once it has some', async () => {
    const database = await openTestDatabase();
    try {
      const pack = samplePack('first');
      expect(await loadContentIfEmpty(database.db, writePack(pack))).toEqual({
        added: 3,
        changed: 0,
        kept: 0,
      });
      expect(await countRows(database, 'quizzes')).toBe(3);
      pack['certification/level-01.json']?.[0]?.questions.pop();
      expect(await loadContentIfEmpty(database.db, writePack(pack))).toBeNull();
      expect(await countRows(database, 'questions')).toBe(7);
    } finally {
      await database.close();
    }
  });
});
