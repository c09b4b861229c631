import {
  dateFilterBound,
  findLevel,
  GRADE_VALUES,
  QUIZ_DELETED_MESSAGE,
  QUIZ_NOT_FOUND_MESSAGE,
  type AdminCategoriesResponse,
  type AdminQuizDetail,
  type AdminQuizListResponse,
  type AdminQuizValues,
  type AdminQuestionStatsResponse,
  type AdminStatsResponse,
} from '@quizquest/shared';
import type { DbOrTx } from '../../db/index.ts';
import type { StoredOption } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-error.ts';
import { isUuid } from '../../lib/ids.ts';
import {
  checkQuota,
  checkUploadRate,
  claimMediaIds,
  decodeImageDataString,
  lockUploader,
  mediaIdFromUrl,
  mediaUrl,
  quotaOf,
  storeImage,
} from '../../lib/media.ts';
import {
  ensureCategory,
  insertQuizBody,
  replaceQuiz,
  type QuizQuestionValues,
} from '../../lib/quiz-store.ts';
import * as queries from './queries.ts';

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
    questionsPerAttempt: row.questionsPerAttempt,
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
      explanation: question.explanation,
      explanationImage: question.explanationImageMediaId ? mediaUrl(question.explanationImageMediaId) : null,
      keepOptionOrder: question.keepOptionOrder,
      hi: question.translations?.hi ?? null,
    })),
    hi: row.translations?.hi ?? null,
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

/** The admin who saves a quiz: its new images count against their upload rate and quota. */
export interface QuizUploader {
  id: string;
  role: 'learner' | 'admin';
}

/** The image values of a quiz (question images, image options, explanation images), empty ones left out. */
function imageValues(quiz: AdminQuizValues): string[] {
  return quiz.questions.flatMap((question) =>
    [
      question.questionImage,
      ...question.options.map((option) => (option.type === 'image' ? option.value : null)),
      question.explanationImage,
    ].filter((value): value is string => typeof value === 'string' && value !== ''),
  );
}

/** Counts one upload when any of these quizzes carries a new image (a data string, not a kept URL). */
export async function checkQuizUploadRate(
  deps: AppDeps,
  quizzes: AdminQuizValues[],
  uploader: QuizUploader | undefined,
): Promise<void> {
  if (!uploader) return;
  const values = quizzes.flatMap(imageValues);
  if (values.some((value) => mediaIdFromUrl(value) === null)) {
    await checkUploadRate(deps, { id: uploader.id, admin: uploader.role === 'admin' });
  }
}

/**
 * Stores the quiz's new images (data strings) as media, re-encoded for their use, and checks that
 * the /api/media URLs it keeps exist (locking them, decision 022). Returns the questions as
 * stored, or every problem found. Runs inside the caller's transaction, so media stored for a
 * quiz that is then refused roll back with it. New images count against the uploader's quota.
 */
export async function storeQuestions(
  tx: DbOrTx,
  quiz: AdminQuizValues,
  uploader?: { id: string; quotaBytes: number },
): Promise<{ questions: QuizQuestionValues[]; problems: ImageProblem[] }> {
  const values = imageValues(quiz);
  const kept = values.map(mediaIdFromUrl).filter((id): id is string => id !== null);
  const uploads = values.length > kept.length;
  // The uploader's row before any media row: the same order as a profile save.
  if (uploader && uploads) await lockUploader(tx, uploader.id);
  const existing = await claimMediaIds(tx, kept, { inQuiz: true });
  const problems: ImageProblem[] = [];

  const resolve = async (
    value: string,
    question: number,
    field: string,
    use: 'question' | 'option',
  ): Promise<string | null> => {
    const keptId = mediaIdFromUrl(value);
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
      return await storeImage(tx, decodeImageDataString(value, field), field, {
        use,
        uploadedBy: uploader?.id ?? null,
      });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      problems.push({ question, message: error.message, status: error.statusCode });
      return null;
    }
  };

  const questions: QuizQuestionValues[] = [];
  for (const [index, question] of quiz.questions.entries()) {
    const n = index + 1;
    const imageMediaId = question.questionImage
      ? await resolve(question.questionImage, n, `image of Question ${n}`, 'question')
      : null;
    const options: StoredOption[] = [];
    for (const [optionIndex, option] of question.options.entries()) {
      if (option.type === 'text') {
        options.push({ type: 'text', value: option.value });
        continue;
      }
      const id = await resolve(
        option.value,
        n,
        `image of option ${optionIndex + 1} in Question ${n}`,
        'option',
      );
      options.push({ type: 'image', value: id ? mediaUrl(id) : '' });
    }
    // Kept as uploaded, like the question image (decision 029).
    const explanationImageMediaId = question.explanationImage
      ? await resolve(question.explanationImage, n, `explanation image of Question ${n}`, 'question')
      : null;
    questions.push({
      text: question.questionText,
      imageMediaId,
      options,
      correctIndex: question.correctAnswerIndex,
      explanation: question.explanation,
      explanationImageMediaId,
      keepOptionOrder: question.keepOptionOrder,
      translations: question.hi
        ? {
            hi: {
              questionText: question.hi.questionText ?? '',
              // An image option is shown as it is in Hindi too.
              options: question.hi.options.map((text, index) =>
                options[index]?.type === 'image' ? null : text,
              ),
              explanation: question.hi.explanation,
            },
          }
        : null,
      // An edit names the question it continues: it keeps its id (decision 031).
      id: question._id ?? undefined,
    });
  }
  if (uploader && uploads && problems.length === 0) {
    try {
      await checkQuota(tx, uploader.id, uploader.quotaBytes, 'quiz image');
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      problems.push({ question: 1, message: error.message, status: error.statusCode });
    }
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
    questionsPerAttempt: quiz.questionsPerAttempt,
    translations: quiz.hi ? { hi: quiz.hi } : null,
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
  uploader?: { id: string; quotaBytes: number },
): Promise<string> {
  const { questions, problems } = await storeQuestions(tx, quiz, uploader);
  if (problems.length > 0) throw new ImageProblemsError(problems);
  const categoryId = await ensureCategory(tx, quiz.category);
  const columns = quizColumnsOf(quiz, categoryId);
  const body = { questions, grades: quiz.grades };
  if (quizId !== null) {
    await replaceQuiz(tx, quizId, columns, body, now);
    return quizId;
  }
  const id = await queries.insertQuiz(tx, columns, now);
  await insertQuizBody(tx, id, body);
  return id;
}

/** The uploader with their quota, for writeQuiz. */
export function uploaderQuota(
  deps: AppDeps,
  uploader: QuizUploader | undefined,
): { id: string; quotaBytes: number } | undefined {
  return uploader ? { id: uploader.id, quotaBytes: quotaOf(deps, uploader.role === 'admin') } : undefined;
}

/** POST /admin/quizzes/add: one transaction; bad input writes nothing. */
export async function createQuiz(
  deps: AppDeps,
  quiz: AdminQuizValues,
  uploader?: QuizUploader,
): Promise<AdminQuizDetail> {
  await checkQuizUploadRate(deps, [quiz], uploader);
  const now = deps.now();
  const quizId = await deps.db.transaction(async (tx) =>
    writeQuiz(tx, quiz, null, now, uploaderQuota(deps, uploader)),
  );
  deps.quizCache.invalidate(quizId);
  return quizDetail(deps.db, quizId);
}

/** PUT /admin/quizzes/{id}: a new version of a live quiz (404 for an unknown or deleted one). */
export async function updateQuiz(
  deps: AppDeps,
  quizId: string,
  quiz: AdminQuizValues,
  uploader?: QuizUploader,
): Promise<AdminQuizDetail> {
  if (!isUuid(quizId)) throw notFound(QUIZ_NOT_FOUND_MESSAGE);
  await checkQuizUploadRate(deps, [quiz], uploader);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    if (!(await queries.lockLiveQuiz(tx, quizId))) throw notFound(QUIZ_NOT_FOUND_MESSAGE);
    // Images the new version drops are freed by the media sweeper after its grace period:
    // a submission may be copying their URLs into its snapshot right now (decision 022).
    await writeQuiz(tx, quiz, quizId, now, uploaderQuota(deps, uploader));
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

/** GET /admin/quizzes/{id}/question-stats: the quiz's attempts in the range, per question (decision 031). */
export async function questionStats(
  deps: AppDeps,
  quizId: string,
  params: { from?: string | undefined; to?: string | undefined },
): Promise<AdminQuestionStatsResponse> {
  if (!isUuid(quizId)) throw notFound(QUIZ_NOT_FOUND_MESSAGE);
  const range = dateRange(params.from, params.to, 'to');
  const rows = await queries.questionStats(deps.db, { ...range, quizId });
  return {
    questions: rows.map((row) => ({
      questionId: row.question_id,
      questionText: row.question_text,
      position: row.position === null ? null : Number(row.position) + 1,
      shown: Number(row.shown),
      correct: Number(row.correct),
      correctRate:
        Number(row.shown) > 0 ? Math.round((Number(row.correct) / Number(row.shown)) * 10_000) / 100 : 0,
    })),
  };
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
