import {
  findLevel,
  GRADE_VALUES,
  QUIZ_NOT_FOUND_MESSAGE,
  type PublishedQuiz,
  type QuizAttemptResponse,
  type QuizOption,
} from '@quizquest/shared';
import type { AppDeps } from '../../deps.ts';
import { cachedAttemptCounts } from '../../entitlements/account-state.ts';
import { assertCertificationQuizOpenForRead } from '../../entitlements/certification-gate.ts';
import { isUuid } from '../../lib/ids.ts';
import { notFound } from '../../lib/http-error.ts';
import { mediaUrl } from '../../lib/media.ts';
import * as queries from './queries.ts';

const byName = (a: string, b: string) =>
  a.localeCompare(b, 'en', { sensitivity: 'base' }) || a.localeCompare(b);

/** Grades in catalogue order (Nursery … Class 12), not in text order. */
const inCatalogueOrder = (grades: string[]) =>
  [...grades].sort((a, b) => GRADE_VALUES.indexOf(a) - GRADE_VALUES.indexOf(b));

/** Only http(s) links reach the page: anything else (javascript:, data:) is dropped. */
export function safeLink(link: string | null): string | null {
  return link && /^https?:\/\/\S+$/i.test(link) ? link : null;
}

export async function practiceCategories(deps: AppDeps, grade: string): Promise<string[]> {
  return deps.quizCache.list(JSON.stringify(['practice-categories', grade]), async () =>
    (await queries.practiceCategoryNames(deps.db, grade)).sort(byName),
  );
}

type CatalogueEntry = Omit<PublishedQuiz, 'attemptCount'>;

/** The practice list of a grade (and category), the same for every learner: cached until a quiz changes. */
async function practiceCatalogue(deps: AppDeps, grade: string, category: string | null) {
  const key = JSON.stringify(['published', grade, category?.toLowerCase() ?? null]);
  return deps.quizCache.list(key, async (): Promise<CatalogueEntry[]> => {
    const rows = await queries.publishedPracticeQuizzes(deps.db, { grade, category });
    const ids = rows.map((row) => row.id);
    const [grades, questionCounts] = await Promise.all([
      queries.gradesByQuiz(deps.db, ids),
      queries.questionCountsByQuiz(deps.db, ids),
    ]);
    return rows.map((row) => ({
      _id: row.id,
      title: row.title,
      category: row.category,
      grades: inCatalogueOrder(grades.get(row.id) ?? []),
      level: row.level,
      subLevel: row.subLevel,
      showByDefault: row.showByDefault,
      learnMoreLink: safeLink(row.learnMoreLink),
      quizLimits: row.attemptsAllowed,
      totalQuestions: questionCounts.get(row.id) ?? 0,
    }));
  });
}

/** The practice list: the catalogue and the learner's attempt counts, both from memory. */
export async function publishedQuizzes(
  deps: AppDeps,
  userId: string,
  params: { grade: string; category?: string | null | undefined },
): Promise<PublishedQuiz[]> {
  const [catalogue, attemptCounts] = await Promise.all([
    practiceCatalogue(deps, params.grade, params.category ? params.category : null),
    cachedAttemptCounts(deps, userId),
  ]);
  return catalogue.map((quiz) => ({ ...quiz, attemptCount: attemptCounts.get(quiz._id) ?? 0 }));
}

type QuizContent = Omit<QuizAttemptResponse, 'attemptCount'>;

/** A live quiz as every learner sees it (no answers, nobody's attempts): what the cache holds. */
async function loadQuizContent(deps: AppDeps, quizId: string): Promise<QuizContent | null> {
  const [quiz, questions, grades] = await Promise.all([
    queries.liveQuiz(deps.db, quizId),
    queries.questionsForLearner(deps.db, quizId),
    queries.gradesByQuiz(deps.db, [quizId]),
  ]);
  if (!quiz) return null;
  return {
    _id: quiz.id,
    title: quiz.title,
    category: quiz.category,
    grades: inCatalogueOrder(grades.get(quizId) ?? []),
    level: quiz.level,
    levelName: quiz.level > 0 ? (findLevel(quiz.level)?.name ?? `Level ${quiz.level}`) : null,
    subLevel: quiz.subLevel,
    learnMoreLink: safeLink(quiz.learnMoreLink),
    quizLimits: quiz.attemptsAllowed,
    totalQuestions: questions.length,
    questions: questions.map((question) => ({
      _id: question.id,
      questionText: question.text,
      questionImage: question.imageMediaId ? mediaUrl(question.imageMediaId) : null,
      options: question.options.map((option): QuizOption => ({ type: option.type, value: option.value })),
    })),
  };
}

/** A published quiz with its questions for the attempt page; never its answers. */
export async function quizForAttempt(
  deps: AppDeps,
  userId: string,
  quizId: string,
): Promise<QuizAttemptResponse> {
  if (!isUuid(quizId)) throw notFound(QUIZ_NOT_FOUND_MESSAGE);
  const quiz = await deps.quizCache.quiz(quizId, () => loadQuizContent(deps, quizId));
  if (!quiz) throw notFound(QUIZ_NOT_FOUND_MESSAGE);
  await assertCertificationQuizOpenForRead(deps, userId, quiz, deps.now());
  const attemptCounts = await cachedAttemptCounts(deps, userId);
  return { ...quiz, attemptCount: attemptCounts.get(quizId) ?? 0 };
}
