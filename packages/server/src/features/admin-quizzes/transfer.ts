import { z } from 'zod';
import {
  AdminQuizInput,
  QUIZ_EXPORT_VERSION,
  type AdminQuizValues,
  type QuizExportFile,
  type QuizImportProblem,
  type QuizImportResponse,
} from '@quizquest/shared';
import type { AppDeps } from '../../deps.ts';
import { mediaIdFromUrl, mediaUrl } from '../../lib/media.ts';
import * as queries from './queries.ts';
import {
  checkQuizUploadRate,
  ImageProblemsError,
  quizFilterOf,
  toDetail,
  uploaderQuota,
  writeQuiz,
  type QuizUploader,
} from './service.ts';

/**
 * Quiz export and import (GET /admin/quizzes/export, POST /admin/quizzes/import). An export is
 * portable: every image travels inside it as a data string, so it imports into any instance.
 */

/** A quiz without a category (possible only for rows written outside the admin form) exports under this one. */
export const UNCATEGORISED = 'General';

export const IMPORT_FAILED_MESSAGE = 'The file was not imported: fix the problems listed and try again.';

/** Thrown with every problem of an import; nothing was written. */
export class QuizImportError extends Error {
  constructor(readonly problems: QuizImportProblem[]) {
    super(IMPORT_FAILED_MESSAGE);
  }
}

/** The live quizzes matching the dashboard's filters (all pages), newest first, images embedded. */
export async function exportQuizzes(
  deps: AppDeps,
  filters: { title?: string | undefined; startDate?: string | undefined; endDate?: string | undefined },
): Promise<QuizExportFile> {
  const rows = await queries.quizDetails(deps.db, { filter: quizFilterOf(filters) });
  const questionRows = await queries.questionsOf(
    deps.db,
    rows.map((row) => row.id),
  );
  const mediaIds = new Set<string>();
  for (const question of questionRows) {
    if (question.imageMediaId) mediaIds.add(question.imageMediaId);
    if (question.explanationImageMediaId) mediaIds.add(question.explanationImageMediaId);
    for (const option of question.options) {
      const id = option.type === 'image' ? mediaIdFromUrl(option.value) : null;
      if (id) mediaIds.add(id);
    }
  }
  const dataStrings = new Map(
    (await queries.mediaBytes(deps.db, [...mediaIds])).map((row) => [
      row.id,
      `data:${row.mimeType};base64,${row.bytes}`,
    ]),
  );
  /** The image as a data string; a reference whose bytes are gone stays as it was. */
  const embed = (id: string | null, original: string) => (id ? (dataStrings.get(id) ?? original) : original);
  const questionsByQuiz = new Map<string, typeof questionRows>();
  for (const question of questionRows) {
    questionsByQuiz.set(question.quizId, [...(questionsByQuiz.get(question.quizId) ?? []), question]);
  }

  return {
    version: QUIZ_EXPORT_VERSION,
    exportedAt: deps.now().toISOString(),
    quizzes: rows.map((row) => {
      const detail = toDetail(row, []);
      return {
        title: detail.title,
        category: detail.category ?? UNCATEGORISED,
        grades: detail.grades,
        level: detail.level,
        subLevel: detail.subLevel,
        showByDefault: detail.showByDefault,
        learnMoreLink: detail.learnMoreLink,
        attemptsAllowed: detail.attemptsAllowed,
        questionsPerAttempt: detail.questionsPerAttempt,
        questions: (questionsByQuiz.get(row.id) ?? []).map((question) => ({
          questionText: question.text,
          questionImage: question.imageMediaId
            ? embed(question.imageMediaId, mediaUrl(question.imageMediaId))
            : null,
          correctAnswerIndex: question.correctIndex,
          options: question.options.map((option) => ({
            type: option.type,
            value: option.type === 'image' ? embed(mediaIdFromUrl(option.value), option.value) : option.value,
          })),
          explanation: question.explanation,
          explanationImage: question.explanationImageMediaId
            ? embed(question.explanationImageMediaId, mediaUrl(question.explanationImageMediaId))
            : null,
          keepOptionOrder: question.keepOptionOrder,
          hi: question.translations?.hi ?? null,
        })),
        hi: detail.hi ?? null,
      };
    }),
  };
}

/** The envelope of an import; each quiz is checked on its own so problems name quiz and question. */
export const QuizImportEnvelope = z.object({
  version: z.literal(QUIZ_EXPORT_VERSION, {
    error: `This is not a QuizQuest quiz export (version ${QUIZ_EXPORT_VERSION})`,
  }),
  exportedAt: z.string().optional(),
  quizzes: z.array(z.unknown(), { error: 'quizzes must be a list' }),
});

function titleOf(raw: unknown): string | null {
  const title = raw && typeof raw === 'object' ? (raw as { title?: unknown }).title : undefined;
  return typeof title === 'string' && title.trim() !== '' ? title.trim() : null;
}

/**
 * Adds every quiz of the file as a new quiz, in one transaction: all or nothing. Every problem is
 * reported with its quiz (1-based, with its title) and question (1-based) before anything is
 * written; image problems are found while writing and roll everything back.
 */
export async function importQuizzes(
  deps: AppDeps,
  body: z.output<typeof QuizImportEnvelope>,
  limits: { maxQuizzes: number },
  uploader?: QuizUploader,
): Promise<QuizImportResponse> {
  const problems: QuizImportProblem[] = [];
  if (body.quizzes.length === 0) {
    throw new QuizImportError([{ quiz: 0, title: null, question: null, message: 'The file holds no quiz' }]);
  }
  if (body.quizzes.length > limits.maxQuizzes) {
    throw new QuizImportError([
      { quiz: 0, title: null, question: null, message: `At most ${limits.maxQuizzes} quizzes per import` },
    ]);
  }

  const parsed: Array<{ quiz: AdminQuizValues; number: number }> = [];
  body.quizzes.forEach((raw, index) => {
    const number = index + 1;
    const result = AdminQuizInput.safeParse(raw);
    if (result.success) {
      parsed.push({ quiz: result.data, number });
      return;
    }
    for (const issue of result.error.issues) {
      const [field, questionIndex] = issue.path;
      problems.push({
        quiz: number,
        title: titleOf(raw),
        question: field === 'questions' && typeof questionIndex === 'number' ? questionIndex + 1 : null,
        message: issue.message,
      });
    }
  });

  const seen = new Map<string, number>();
  for (const { quiz, number } of parsed) {
    const key = quiz.title.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push({
        quiz: number,
        title: quiz.title,
        question: null,
        message: `The title "${quiz.title}" is also used by quiz ${first} of this file`,
      });
    } else {
      seen.set(key, number);
    }
  }
  const taken = await queries.liveTitlesAmong(
    deps.db,
    parsed.map(({ quiz }) => quiz.title),
  );
  for (const { quiz, number } of parsed) {
    if (taken.has(quiz.title.toLowerCase())) {
      problems.push({
        quiz: number,
        title: quiz.title,
        question: null,
        message: `A quiz titled "${quiz.title}" already exists`,
      });
    }
  }
  if (problems.length > 0) throw new QuizImportError(problems);

  await checkQuizUploadRate(
    deps,
    parsed.map(({ quiz }) => quiz),
    uploader,
  );
  const quota = uploaderQuota(deps, uploader);
  const now = deps.now();
  const created = await deps.db.transaction(async (tx) => {
    const ids: Array<{ _id: string; title: string }> = [];
    for (const { quiz, number } of parsed) {
      try {
        ids.push({ _id: await writeQuiz(tx, quiz, null, now, quota), title: quiz.title });
      } catch (error) {
        if (!(error instanceof ImageProblemsError)) throw error;
        problems.push(
          ...error.problems.map((problem) => ({
            quiz: number,
            title: quiz.title,
            question: problem.question,
            message: problem.message,
          })),
        );
      }
    }
    // Throwing rolls back every quiz and image written so far.
    if (problems.length > 0) throw new QuizImportError(problems);
    return ids;
  });
  deps.quizCache.invalidate();
  return {
    message: `${created.length} ${created.length === 1 ? 'quiz' : 'quizzes'} imported`,
    imported: created.length,
    quizzes: created,
  };
}
