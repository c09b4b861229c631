import {
  dateFilterBound,
  findLevel,
  GRADE_VALUES,
  QUIZ_DELETED_MESSAGE,
  type AdminCategoriesResponse,
  type AdminQuizDetail,
  type AdminQuizListResponse,
  type AdminQuizValues,
  type AdminStatsResponse,
} from '@quizquest/shared';
import type { DbOrTx } from '../../db/index.ts';
import type { StoredOption } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-error.ts';
import { isUuid } from '../../lib/ids.ts';
import {
  deleteQuizBody,
  ensureCategory,
  insertQuizBody,
  type PackQuestionValues,
} from '../content/queries.ts';
import { decodeImageDataString, mediaUrl, storeImage } from '../media/service.ts';
import * as queries from './queries.ts';

export const QUIZ_NOT_FOUND_MESSAGE = 'Quiz not found';
export const DATE_ORDER_MESSAGE = 'The start date must be on or before the end date';

/** Grades in catalogue order (Nursery … Class 12), not in text order. */
export function inCatalogueOrder(grades: string[]): string[] {
  return [...grades].sort((a, b) => GRADE_VALUES.indexOf(a) - GRADE_VALUES.indexOf(b));
}

const byName = (a: string, b: string) =>
  a.localeCompare(b, 'en', { sensitivity: 'base' }) || a.localeCompare(b);

/** The [from, before) instants of an inclusive date filter, or 400 when it ends before it starts. */
export function dateRange(
  start: string | undefined,
  end: string | undefined,
  endField: 'endDate' | 'to' = 'endDate',
): queries.CreatedRange {
  const from = start ? dateFilterBound(start, 'start') : undefined;
  const before = end ? dateFilterBound(end, 'end') : undefined;
  if (from && before && from.getTime() >= before.getTime()) {
    throw badRequest(DATE_ORDER_MESSAGE, { [endField]: DATE_ORDER_MESSAGE });
  }
  return { from, before };
}

export interface ListParams {
  title?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  page: number;
  pageSize: number;
}

export function quizFilterOf(params: Omit<ListParams, 'page' | 'pageSize'>): queries.QuizFilter {
  return { title: params.title || undefined, ...dateRange(params.startDate, params.endDate) };
}

/**
 * The quiz dashboard: a page of live quizzes, newest first. The page itself is quiz content,
 * kept in memory until a quiz changes (decision 016); the attempt totals of its quizzes until any
 * attempt changes (decision 018): no query when nobody submitted since the last look.
 */
export async function listQuizzes(deps: AppDeps, params: ListParams): Promise<AdminQuizListResponse> {
  const filter = quizFilterOf(params);
  const limit = params.pageSize;
  const offset = (params.page - 1) * params.pageSize;
  const key = JSON.stringify(['admin-quiz-page', filter, limit, offset]);
  const [rows, total] = await Promise.all([
    deps.quizCache.list(key, () => queries.quizPage(deps.db, filter, { limit, offset })),
    deps.quizCache.list(JSON.stringify(['admin-quiz-count', filter]), () =>
      queries.countQuizzes(deps.db, filter),
    ),
  ]);
  const ids = rows.map((row) => row.id);
  const attempts = await deps.accountCache.fromAllAttempts(
    JSON.stringify(['admin-attempt-totals', ids]),
    () => queries.attemptTotals(deps.db, ids),
  );
  return {
    quizzes: rows.map((row) => ({
      _id: row.id,
      title: row.title,
      category: row.category,
      level: row.level,
      subLevel: row.subLevel,
      grades: inCatalogueOrder(row.grades),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      totalAttempts: attempts.get(row.id) ?? 0,
      totalQuestions: Number(row.totalQuestions),
    })),
    total,
    page: params.page,
    pageSize: params.pageSize,
  };
}

type DetailRow = Awaited<ReturnType<typeof queries.quizDetails>>[number];
type QuestionRow = Awaited<ReturnType<typeof queries.questionsOf>>[number];

export function toDetail(row: DetailRow, questions: QuestionRow[]): AdminQuizDetail {
  return {
    _id: row.id,
    title: row.title,
    category: row.category,
    grades: inCatalogueOrder(row.grades),
    level: row.level,
    levelName: row.level > 0 ? (findLevel(row.level)?.name ?? `Level ${row.level}`) : null,
    subLevel: row.subLevel,
    showByDefault: row.showByDefault,
    learnMoreLink: row.learnMoreLink,
    attemptsAllowed: row.attemptsAllowed,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    totalAttempts: Number(row.totalAttempts),
    questions: questions.map((question) => ({
      _id: question.id,
      questionText: question.text,
      questionImage: question.imageMediaId ? mediaUrl(question.imageMediaId) : null,
      correctAnswerIndex: question.correctIndex,
      options: question.options.map((option) => ({ type: option.type, value: option.value })),
    })),
  };
}

/** A live quiz with its answers, for the edit form; 404 for an unknown or deleted one. */
export async function quizDetail(db: DbOrTx, quizId: string): Promise<AdminQuizDetail> {
  if (!isUuid(quizId)) throw notFound(QUIZ_NOT_FOUND_MESSAGE);
  const [row] = await queries.quizDetails(db, { id: quizId });
  if (!row) throw notFound(QUIZ_NOT_FOUND_MESSAGE);
  return toDetail(row, await queries.questionsOf(db, [quizId]));
}

export async function categories(deps: AppDeps): Promise<AdminCategoriesResponse> {
  return { categories: (await queries.categoryNames(deps.db)).sort(byName) };
}

/** A problem with one image of a quiz: which question, what is wrong, and the status it deserves. */
export interface ImageProblem {
  question: number;
  message: string;
  status: number;
}

/** The media id in a URL this server gave out (/api/media/<sha-256>, optionally with its origin). */
export function mediaIdInUrl(value: string): string | null {
  return /^(?:https?:\/\/[^/\s]+)?\/api\/media\/([0-9a-f]{64})$/.exec(value)?.[1] ?? null;
}

/**
 * Stores the quiz's new images (data strings) as media and checks that the /api/media URLs it
 * keeps exist. Returns the questions as stored, or every problem found. Runs inside the caller's
 * transaction, so media stored for a quiz that is then refused roll back with it.
 */
export async function storeQuestions(
  tx: DbOrTx,
  quiz: AdminQuizValues,
): Promise<{ questions: PackQuestionValues[]; problems: ImageProblem[] }> {
  const kept = quiz.questions.flatMap((question) =>
    [
      question.questionImage,
      ...question.options.map((option) => (option.type === 'image' ? option.value : null)),
    ]
      .map((value) => (value ? mediaIdInUrl(value) : null))
      .filter((id): id is string => id !== null),
  );
  const existing = await queries.existingMediaIds(tx, [...new Set(kept)]);
  const problems: ImageProblem[] = [];

  const resolve = async (value: string, question: number, field: string): Promise<string | null> => {
    const keptId = mediaIdInUrl(value);
    if (keptId) {
      if (existing.has(keptId)) return keptId;
      problems.push({
        question,
        message: `The ${field} was not found. Please upload it again.`,
        status: 400,
      });
      return null;
    }
    try {
      return await storeImage(tx, decodeImageDataString(value, field), field);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      problems.push({ question, message: error.message, status: error.statusCode });
      return null;
    }
  };

  const questions: PackQuestionValues[] = [];
  for (const [index, question] of quiz.questions.entries()) {
    const n = index + 1;
    const imageMediaId = question.questionImage
      ? await resolve(question.questionImage, n, `image of Question ${n}`)
      : null;
    const options: StoredOption[] = [];
    for (const [optionIndex, option] of question.options.entries()) {
      if (option.type === 'text') {
        options.push({ type: 'text', value: option.value });
        continue;
      }
      const id = await resolve(option.value, n, `image of option ${optionIndex + 1} in Question ${n}`);
      options.push({ type: 'image', value: id ? mediaUrl(id) : '' });
    }
    questions.push({
      text: question.questionText,
      imageMediaId,
      options,
      correctIndex: question.correctAnswerIndex,
    });
  }
  return { questions, problems };
}

export function quizColumnsOf(quiz: AdminQuizValues, categoryId: string): queries.QuizColumns {
  return {
    title: quiz.title,
    categoryId,
    level: quiz.level,
    subLevel: quiz.subLevel,
    showByDefault: quiz.showByDefault,
    learnMoreLink: quiz.learnMoreLink,
    attemptsAllowed: quiz.attemptsAllowed ?? undefined,
  };
}

/** The images of a quiz that were refused; its status and message are the first problem's. */
export class ImageProblemsError extends HttpError {
  constructor(readonly problems: ImageProblem[]) {
    const [first] = problems;
    super(first?.status ?? 400, first?.message ?? 'An image was refused', {
      [`questions.${(first?.question ?? 1) - 1}`]: first?.message ?? 'An image was refused',
    });
  }
}

/**
 * Writes a checked quiz: a new one (`quizId` null) or a new version of a live one, its
 * questions and grades replaced. Attempts keep the snapshot of the questions they answered, so
 * results and certifications already earned are untouched. When an image is refused it writes
 * no quiz and throws ImageProblemsError before any failed statement, so the caller's transaction
 * stays usable; the caller rolls back the media stored so far by throwing on.
 */
export async function writeQuiz(
  tx: DbOrTx,
  quiz: AdminQuizValues,
  quizId: string | null,
  now: Date,
): Promise<string> {
  const { questions, problems } = await storeQuestions(tx, quiz);
  if (problems.length > 0) throw new ImageProblemsError(problems);
  const categoryId = await ensureCategory(tx, quiz.category);
  const columns = quizColumnsOf(quiz, categoryId);
  let id = quizId;
  if (id === null) {
    id = await queries.insertQuiz(tx, columns, now);
  } else {
    await queries.updateQuiz(tx, id, columns, now);
    await deleteQuizBody(tx, id);
  }
  await insertQuizBody(tx, id, { questions, grades: quiz.grades });
  return id;
}

/** POST /admin/quizzes/add: one transaction; bad input writes nothing. */
export async function createQuiz(deps: AppDeps, quiz: AdminQuizValues): Promise<AdminQuizDetail> {
  const now = deps.now();
  const quizId = await deps.db.transaction(async (tx) => writeQuiz(tx, quiz, null, now));
  deps.quizCache.invalidate(quizId);
  return quizDetail(deps.db, quizId);
}

/** PUT /admin/quizzes/{id}: a new version of a live quiz (404 for an unknown or deleted one). */
export async function updateQuiz(
  deps: AppDeps,
  quizId: string,
  quiz: AdminQuizValues,
): Promise<AdminQuizDetail> {
  if (!isUuid(quizId)) throw notFound(QUIZ_NOT_FOUND_MESSAGE);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    if (!(await queries.lockLiveQuiz(tx, quizId))) throw notFound(QUIZ_NOT_FOUND_MESSAGE);
    await writeQuiz(tx, quiz, quizId, now);
  });
  deps.quizCache.invalidate(quizId);
  return quizDetail(deps.db, quizId);
}

/**
 * DELETE /admin/quizzes/{id}: a soft delete. The quiz leaves every list and takes no new
 * attempt; its attempts, results and the certifications they earned stay.
 */
export async function deleteQuiz(deps: AppDeps, quizId: string): Promise<{ message: string }> {
  if (!isUuid(quizId) || !(await queries.softDeleteQuiz(deps.db, quizId, deps.now()))) {
    throw notFound(QUIZ_NOT_FOUND_MESSAGE);
  }
  deps.quizCache.invalidate(quizId);
  return { message: QUIZ_DELETED_MESSAGE };
}

/** GET /admin/quizzes/stats: per quiz, the attempts submitted in the range (deleted quizzes too). */
export async function quizStats(
  deps: AppDeps,
  params: { from?: string | undefined; to?: string | undefined; quizId?: string | undefined },
): Promise<AdminStatsResponse> {
  if (params.quizId !== undefined && !isUuid(params.quizId)) throw notFound(QUIZ_NOT_FOUND_MESSAGE);
  const range = dateRange(params.from, params.to, 'to');
  const rows = await queries.attemptStats(deps.db, { ...range, quizId: params.quizId });
  return {
    stats: rows.map((row) => ({
      quizId: row.quizId,
      title: row.title,
      attempts: Number(row.attempts),
      averageScore: Math.round(Number(row.averageHundredths)) / 100,
      lastAttempt: new Date(row.lastAttempt).toISOString(),
      deleted: row.deletedAt !== null,
    })),
  };
}
