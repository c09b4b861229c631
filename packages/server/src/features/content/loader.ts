import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { ContentPack, type ContentQuiz, type QuizTranslations } from '@quizquest/shared';
import type { Db, DbOrTx } from '../../db/index.ts';
import type { QuizGenerator, StoredOption } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { serverPath } from '../../lib/package-root.ts';
import {
  imageMetadata,
  MEDIA_MAX_BYTES,
  mediaUrl,
  sniffImageType,
  storeImage,
  type ImageUse,
} from '../../lib/media.ts';
import {
  ensureCategory,
  insertQuizBody,
  replaceQuiz,
  type QuizQuestionValues,
} from '../../lib/quiz-store.ts';
import {
  findQuizByContentKey,
  hasAnyQuiz,
  insertPackQuiz,
  listQuizGrades,
  listQuizQuestions,
} from './queries.ts';

/** The bundled content pack: packages/server/content (docs/content-format.md). */
export const CONTENT_DIR = serverPath('content');

/** The folders of a pack that hold quiz files, in loading order. */
export const CONTENT_FOLDERS = ['certification', 'practice'] as const;

export class ContentPackError extends Error {
  constructor(readonly problems: string[]) {
    super(`The content pack is invalid:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  }
}

export interface PackQuiz {
  /** The file it comes from, relative to the pack, e.g. certification/level-03.json. */
  file: string;
  quiz: ContentQuiz;
}

export interface ValidatedPack {
  quizzes: PackQuiz[];
  /** The bytes of every image the pack references, by its path in the pack (images/x.png). */
  images: Map<string, Uint8Array>;
}

export interface LoadProgress {
  done: number;
  total: number;
  key: string;
}

export interface LoadResult {
  added: number;
  changed: number;
  kept: number;
}

type Issue = z.core.$ZodIssue;

function quizKeyAt(raw: unknown, index: number): string {
  const quiz: unknown = Array.isArray(raw) ? raw[index] : undefined;
  const key = quiz && typeof quiz === 'object' ? (quiz as { key?: unknown }).key : undefined;
  return typeof key === 'string' && key !== '' ? key : `#${index + 1}`;
}

/** "practice/maths.json: quiz practice-maths-early, question 3, options[1].value: Option text is required" */
function describeIssue(file: string, raw: unknown, issue: Issue): string {
  const [quizIndex, ...rest] = issue.path;
  if (typeof quizIndex !== 'number') return `${file}: ${issue.message}`;
  let where = `quiz ${quizKeyAt(raw, quizIndex)}`;
  let field = rest;
  if (field[0] === 'questions' && typeof field[1] === 'number') {
    where += `, question ${field[1] + 1}`;
    field = field.slice(2);
  }
  const fieldName = field
    .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
    .join('')
    .replace(/^\./, '');
  return `${file}: ${where}${fieldName ? `, ${fieldName}` : ''}: ${issue.message}`;
}

async function listPackFiles(contentDir: string): Promise<string[]> {
  const files: string[] = [];
  for (const folder of CONTENT_FOLDERS) {
    let names: string[];
    try {
      names = await readdir(path.join(contentDir, folder));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    files.push(
      ...names
        .filter((name) => name.endsWith('.json'))
        .sort()
        .map((name) => `${folder}/${name}`),
    );
  }
  return files;
}

/** Why these image bytes cannot be stored as media (see storeImage), or null when they can. */
async function imageProblem(bytes: Uint8Array): Promise<string | null> {
  if (bytes.byteLength > MEDIA_MAX_BYTES) return `is larger than ${MEDIA_MAX_BYTES / 1024 / 1024} MB`;
  if (!sniffImageType(bytes)) return 'is not a PNG, JPEG, WebP or GIF image';
  try {
    const metadata = await imageMetadata(bytes);
    if (!metadata.width || !metadata.height) return 'has no dimensions';
  } catch {
    return 'cannot be decoded or is too large';
  }
  return null;
}

/**
 * Reads and checks the whole pack before anything is written: every file against the shared
 * schema, keys and titles unique across files, every referenced image present and readable.
 * Throws a ContentPackError listing every problem with its file, quiz key and question number.
 */
export async function readContentPack(contentDir: string): Promise<ValidatedPack> {
  const files = await listPackFiles(contentDir);
  if (files.length === 0) {
    throw new ContentPackError([`${contentDir}: no quiz files under ${CONTENT_FOLDERS.join('/ or ')}/`]);
  }
  const problems: string[] = [];
  const quizzes: PackQuiz[] = [];
  for (const file of files) {
    let raw: unknown;
    try {
      raw = JSON.parse(await readFile(path.join(contentDir, file), 'utf8'));
    } catch (error) {
      problems.push(`${file}: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
      continue;
    }
    const parsed = ContentPack.safeParse(raw);
    if (!parsed.success) {
      problems.push(...parsed.error.issues.map((issue) => describeIssue(file, raw, issue)));
      continue;
    }
    quizzes.push(...parsed.data.map((quiz) => ({ file, quiz })));
  }

  const firstFileOf = { key: new Map<string, string>(), title: new Map<string, string>() };
  for (const { file, quiz } of quizzes) {
    for (const [field, value] of [
      ['key', quiz.key],
      ['title', quiz.title.toLowerCase()],
    ] as const) {
      const other = firstFileOf[field].get(value);
      if (other !== undefined && other !== file) {
        problems.push(
          `${file}: quiz ${quiz.key}, ${field}: "${field === 'key' ? quiz.key : quiz.title}" is also used in ${other}`,
        );
      } else {
        firstFileOf[field].set(value, file);
      }
    }
  }

  const images = new Map<string, Uint8Array>();
  const imageProblems = new Map<string, string | null>();
  for (const { file, quiz } of quizzes) {
    for (const [index, question] of quiz.questions.entries()) {
      const references = [
        question.questionImage,
        ...question.options.map((option) => (option.type === 'image' ? option.value : undefined)),
        question.explanationImage,
      ];
      for (const reference of references) {
        if (reference === undefined) continue;
        if (!imageProblems.has(reference)) {
          try {
            const bytes = new Uint8Array(await readFile(path.join(contentDir, reference)));
            const problem = await imageProblem(bytes);
            if (!problem) images.set(reference, bytes);
            imageProblems.set(reference, problem);
          } catch (error) {
            const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
            imageProblems.set(reference, missing ? 'is missing' : 'cannot be read');
          }
        }
        const problem = imageProblems.get(reference);
        if (problem) {
          problems.push(`${file}: quiz ${quiz.key}, question ${index + 1}: image ${reference} ${problem}`);
        }
      }
    }
  }

  if (problems.length > 0) throw new ContentPackError(problems);
  return { quizzes, images };
}

/** A quiz as the database holds it, in a fixed shape so two of them compare by hash. */
interface QuizSnapshot {
  title: string;
  category: string | null;
  level: number;
  subLevel: string | null;
  showByDefault: boolean;
  attemptsAllowed: number;
  questionsPerAttempt: number | null;
  generator: QuizGenerator | null;
  learnMoreLink: string | null;
  translations: QuizTranslations | null;
  grades: string[];
  questions: QuizQuestionValues[];
}

function snapshotHash(snapshot: QuizSnapshot): string {
  const normalized = [
    snapshot.title,
    snapshot.category?.toLowerCase() ?? null,
    snapshot.level,
    snapshot.subLevel,
    snapshot.showByDefault,
    snapshot.attemptsAllowed,
    snapshot.learnMoreLink,
    // Pools and option order (decision 031): a change is a new version of the quiz.
    snapshot.questionsPerAttempt,
    snapshot.generator ? [snapshot.generator.grade, snapshot.generator.generatorIds ?? null] : null,
    [...snapshot.grades].sort(),
    // Hindi (decision 034): a changed translation is a new version too.
    snapshot.translations?.hi ? [snapshot.translations.hi.title] : null,
    snapshot.questions.map((question) => [
      question.text,
      question.imageMediaId,
      question.options.map((option) => [option.type, option.value]),
      question.correctIndex,
      // A changed explanation is a new version of the quiz too (decision 029).
      question.explanation,
      question.explanationImageMediaId,
      question.keepOptionOrder ?? false,
      // In a fixed order: jsonb gives its keys back in an order of its own.
      question.translations?.hi
        ? [
            question.translations.hi.questionText,
            question.translations.hi.options,
            question.translations.hi.explanation,
          ]
        : null,
    ]),
  ];
  return createHash('sha256').update(JSON.stringify(normalized)).digest('hex');
}

function imageBytes(pack: ValidatedPack, reference: string): Uint8Array {
  const bytes = pack.images.get(reference);
  if (!bytes) throw new Error(`Image ${reference} was not read`);
  return bytes;
}

/** The media id of each image of a quiz, by use and path in the pack. */
type QuizImages = Map<string, string>;
const imageKey = (use: ImageUse, reference: string) => `${use}:${reference}`;

function mediaIdOf(images: QuizImages, use: ImageUse, reference: string): string {
  const id = images.get(imageKey(use, reference));
  if (!id) throw new Error(`Image ${reference} was not stored`);
  return id;
}

function packSnapshot(quiz: ContentQuiz, images: QuizImages): QuizSnapshot {
  return {
    title: quiz.title,
    category: quiz.category,
    level: quiz.level,
    subLevel: quiz.subLevel ?? null,
    showByDefault: quiz.showByDefault,
    attemptsAllowed: quiz.attemptsAllowed,
    questionsPerAttempt: quiz.questionsPerAttempt ?? null,
    generator: quiz.generator
      ? {
          grade: quiz.generator.grade,
          ...(quiz.generator.generatorIds ? { generatorIds: quiz.generator.generatorIds } : {}),
        }
      : null,
    learnMoreLink: quiz.learnMoreLink ?? null,
    translations: quiz.hi ? { hi: { title: quiz.hi.title } } : null,
    grades: quiz.grades,
    questions: quiz.questions.map((question) => ({
      text: question.questionText,
      imageMediaId: question.questionImage ? mediaIdOf(images, 'question', question.questionImage) : null,
      options: question.options.map((option): StoredOption =>
        option.type === 'image'
          ? { type: 'image', value: mediaUrl(mediaIdOf(images, 'option', option.value)) }
          : { type: 'text', value: option.value },
      ),
      correctIndex: question.correctAnswerIndex,
      explanation: question.explanation ?? null,
      // Kept as uploaded, like a question image.
      explanationImageMediaId: question.explanationImage
        ? mediaIdOf(images, 'question', question.explanationImage)
        : null,
      keepOptionOrder: question.keepOptionOrder ?? false,
      translations: question.hi
        ? {
            hi: {
              questionText: question.hi.questionText,
              options: question.hi.options,
              explanation: question.hi.explanation ?? null,
            },
          }
        : null,
    })),
  };
}

/**
 * Stores the quiz's images as media, re-encoded for their use like an admin's upload (decision
 * 022), and returns their ids. An image already stored from the same bytes for the same use is
 * found by its source key and not re-encoded, so loading an unchanged pack again is cheap. Each
 * row stays locked until the quiz's transaction ends, so the media sweeper leaves it alone.
 */
async function storeQuizImages(
  tx: DbOrTx,
  pack: ValidatedPack,
  file: string,
  quiz: ContentQuiz,
): Promise<QuizImages> {
  const wanted = new Map<string, { use: ImageUse; reference: string }>();
  for (const question of quiz.questions) {
    if (question.questionImage) {
      wanted.set(imageKey('question', question.questionImage), {
        use: 'question',
        reference: question.questionImage,
      });
    }
    for (const option of question.options) {
      if (option.type === 'image')
        wanted.set(imageKey('option', option.value), { use: 'option', reference: option.value });
    }
    if (question.explanationImage) {
      wanted.set(imageKey('question', question.explanationImage), {
        use: 'question',
        reference: question.explanationImage,
      });
    }
  }
  const images: QuizImages = new Map();
  for (const [key, { use, reference }] of wanted) {
    try {
      images.set(key, await storeImage(tx, imageBytes(pack, reference), reference, { use }));
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      throw new ContentPackError([`${file}: quiz ${quiz.key}: image ${reference}: ${error.message}`]);
    }
  }
  return images;
}

type Outcome = 'added' | 'changed' | 'kept';

async function upsertQuiz(
  db: Db,
  pack: ValidatedPack,
  { file, quiz }: PackQuiz,
  now: Date,
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    let stored = await findQuizByContentKey(tx, quiz.key);
    const wanted = packSnapshot(quiz, await storeQuizImages(tx, pack, file, quiz));
    const write = async () => {
      const categoryId = await ensureCategory(tx, quiz.category);
      const { category: _category, grades, questions, ...columns } = wanted;
      return { values: { ...columns, categoryId }, body: { grades, questions } };
    };

    if (!stored) {
      const { values, body } = await write();
      const quizId = await insertPackQuiz(tx, quiz.key, values);
      if (quizId) {
        await insertQuizBody(tx, quizId, body);
        return 'added';
      }
      // A loader in another process inserted it first; compare with what it wrote.
      stored = await findQuizByContentKey(tx, quiz.key);
      if (!stored) throw new Error(`Quiz ${quiz.key} could not be inserted`);
    }

    const current: QuizSnapshot = {
      title: stored.title,
      category: stored.categoryName,
      level: stored.level,
      subLevel: stored.subLevel,
      showByDefault: stored.showByDefault,
      attemptsAllowed: stored.attemptsAllowed,
      questionsPerAttempt: stored.questionsPerAttempt,
      generator: stored.generator,
      learnMoreLink: stored.learnMoreLink,
      translations: stored.translations,
      grades: await listQuizGrades(tx, stored.id),
      questions: await listQuizQuestions(tx, stored.id),
    };
    if (snapshotHash(current) === snapshotHash(wanted)) return 'kept';

    const { values, body } = await write();
    await replaceQuiz(tx, stored.id, values, body, now);
    return 'changed';
  });
}

export interface LoadOptions {
  onProgress?: (progress: LoadProgress) => void;
  now?: () => Date;
}

/**
 * Writes a validated pack idempotently, one transaction per quiz, matched by
 * quizzes.content_key: a new key is added; a quiz whose stored content differs from the pack is
 * updated (version bumped, questions and grades replaced); an identical one is kept. Quizzes no
 * longer in the pack are left alone: learners may have attempted them.
 */
export async function applyContentPack(
  db: Db,
  pack: ValidatedPack,
  options: LoadOptions = {},
): Promise<LoadResult> {
  const result: LoadResult = { added: 0, changed: 0, kept: 0 };
  const total = pack.quizzes.length;
  for (const [index, packQuiz] of pack.quizzes.entries()) {
    const { quiz } = packQuiz;
    const outcome = await upsertQuiz(db, pack, packQuiz, options.now?.() ?? new Date());
    result[outcome] += 1;
    options.onProgress?.({ done: index + 1, total, key: quiz.key });
  }
  return result;
}

/** Reads and validates the pack in `contentDir` (all or nothing), then writes it (applyContentPack). */
export async function loadContentPack(
  db: Db,
  contentDir: string = CONTENT_DIR,
  options: LoadOptions = {},
): Promise<LoadResult> {
  return applyContentPack(db, await readContentPack(contentDir), options);
}

/** Loads the pack into a database without any quiz (first start); null when it has quizzes already. */
export async function loadContentIfEmpty(
  db: Db,
  contentDir: string = CONTENT_DIR,
): Promise<LoadResult | null> {
  if (await hasAnyQuiz(db)) return null;
  return loadContentPack(db, contentDir);
}
