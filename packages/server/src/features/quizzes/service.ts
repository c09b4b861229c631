import {
  drawQuestions,
  poolHistory,
  findLevel,
  GRADE_VALUES,
  QUIZ_NOT_FOUND_MESSAGE,
  type Language,
  type PublishedQuiz,
  type QuizAttemptResponse,
  type QuizOption,
} from '@quizquest/shared';
import { randomInt } from 'node:crypto';
import { GENERATORS_VERSION, generateQuiz, inHindi } from '@quizquest/shared/generators';
import type { AttemptedQuestion, GeneratedDraw, QuizGenerator } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { cachedAttemptCounts } from '../../entitlements/account-state.ts';
import { assertCertificationQuizOpenForRead } from '../../entitlements/certification-gate.ts';
import { isUuid } from '../../lib/ids.ts';
import { notFound } from '../../lib/http-error.ts';
import { cryptoRandom, shownQuestion } from '../../lib/shown-question.ts';
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

/** A practice list entry as cached for everyone: its Hindi title beside it (decision 034). */
type CatalogueEntry = Omit<PublishedQuiz, 'attemptCount'> & { hindiTitle: string | null };

/** The title a learner reads: the Hindi one for a Hindi learner where the quiz has it. */
const titleIn = (language: Language, title: string, hindiTitle: string | null) =>
  language === 'hi' && hindiTitle ? hindiTitle : title;

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
      hindiTitle: row.translations?.hi?.title ?? null,
      category: row.category,
      grades: inCatalogueOrder(grades.get(row.id) ?? []),
      level: row.level,
      subLevel: row.subLevel,
      showByDefault: row.showByDefault,
      learnMoreLink: safeLink(row.learnMoreLink),
      quizLimits: row.attemptsAllowed,
      // What one attempt shows: a pool shows questionsPerAttempt of its questions.
      totalQuestions:
        row.generator && row.questionsPerAttempt
          ? row.questionsPerAttempt
          : Math.min(row.questionsPerAttempt ?? Infinity, questionCounts.get(row.id) ?? 0),
    }));
  });
}

/** The practice list: the catalogue and the learner's attempt counts, both from memory. */
export async function publishedQuizzes(
  deps: AppDeps,
  userId: string,
  params: { grade: string; category?: string | null | undefined },
  language: Language = 'en',
): Promise<PublishedQuiz[]> {
  const [catalogue, attemptCounts] = await Promise.all([
    practiceCatalogue(deps, params.grade, params.category ? params.category : null),
    cachedAttemptCounts(deps, userId),
  ]);
  return catalogue.map(({ hindiTitle, ...quiz }) => ({
    ...quiz,
    title: titleIn(language, quiz.title, hindiTitle),
    attemptCount: attemptCounts.get(quiz._id) ?? 0,
  }));
}

type QuizContent = Omit<QuizAttemptResponse, 'attemptCount' | 'questions' | 'totalQuestions'>;

/** A live quiz as every learner sees it (no questions, nobody's attempts): what the cache holds. */
interface CachedQuiz {
  content: QuizContent;
  /** Bumped by every edit: a pending draw of another version is drawn again. */
  version: number;
  hindiTitle: string | null;
}

async function loadQuizContent(deps: AppDeps, quizId: string): Promise<CachedQuiz | null> {
  const [quiz, grades] = await Promise.all([
    queries.liveQuiz(deps.db, quizId),
    queries.gradesByQuiz(deps.db, [quizId]),
  ]);
  if (!quiz) return null;
  const content: QuizContent = {
    _id: quiz.id,
    title: quiz.title,
    category: quiz.category,
    grades: inCatalogueOrder(grades.get(quizId) ?? []),
    level: quiz.level,
    levelName: quiz.level > 0 ? (findLevel(quiz.level)?.name ?? `Level ${quiz.level}`) : null,
    subLevel: quiz.subLevel,
    learnMoreLink: safeLink(quiz.learnMoreLink),
    quizLimits: quiz.attemptsAllowed,
  };
  return { content, version: quiz.version, hindiTitle: quiz.translations?.hi?.title ?? null };
}

/**
 * A new draw of the quiz for this learner (decision 031): questionsPerAttempt of its pool,
 * preferring unseen questions, then those last answered wrong; options shuffled unless a question
 * keeps its order. Each question is kept as shown, with its answer, for scoring and the snapshot.
 */
async function newDraw(
  deps: AppDeps,
  userId: string,
  quizId: string,
  language: Language,
): Promise<AttemptedQuestion[] | null> {
  const [source, attempted] = await Promise.all([
    queries.drawPool(deps.db, quizId),
    queries.shownQuestions(deps.db, userId, quizId),
  ]);
  if (!source) return null;
  if (source.generator)
    return generatedDraw(deps, userId, quizId, { ...source, generator: source.generator }, language);
  const drawn = drawQuestions(
    source.pool,
    poolHistory(attempted),
    source.questionsPerAttempt,
    cryptoRandom,
  ).map((question) => shownQuestion(question, cryptoRandom, language));
  return queries.storeDraw(deps.db, {
    userId,
    quizId,
    quizVersion: source.version,
    questions: drawn,
    generated: null,
  });
}

/** Questions of a generated quiz when questionsPerAttempt is not set. */
const GENERATED_DEFAULT_COUNT = 10;

/**
 * A draw of a generated Maths quiz (decision 033): fresh questions from the grade's generators
 * under a new random seed; the seed and settings are kept with the draw and, once submitted, in
 * the attempt's snapshot, so the same questions can be made again letter for letter. A Hindi
 * learner's draw keeps the Hindi text, options and explanation: the snapshot is what was shown.
 */
async function generatedDraw(
  deps: AppDeps,
  userId: string,
  quizId: string,
  source: { version: number; questionsPerAttempt: number | null; generator: QuizGenerator },
  language: Language,
): Promise<AttemptedQuestion[]> {
  const settings: GeneratedDraw = {
    version: GENERATORS_VERSION,
    seed: randomInt(2 ** 32),
    grade: source.generator.grade,
    count: source.questionsPerAttempt ?? GENERATED_DEFAULT_COUNT,
    ...(source.generator.generatorIds ? { generatorIds: source.generator.generatorIds } : {}),
  };
  const generated = generateQuiz(settings);
  const questions = generated.questions.map((question): AttemptedQuestion => {
    const shown = language === 'hi' ? inHindi(question) : question;
    return {
      generator: { id: question.generatorId, seed: question.seed },
      questionText: shown.questionText,
      questionImage: null,
      options: shown.options.map((option) => ({ type: option.type, value: option.value })),
      correctAnswerIndex: question.correctAnswerIndex,
      explanation: shown.explanation,
      explanationImage: null,
    };
  });
  return queries.storeDraw(deps.db, {
    userId,
    quizId,
    quizVersion: source.version,
    questions,
    generated: settings,
  });
}

/** The `_id` a learner's payload gives a question: its row id, or for a generated one its generator and seed. */
const shownId = (question: AttemptedQuestion) =>
  question.questionId ?? (question.generator ? `${question.generator.id}.${question.generator.seed}` : '');

/** The learner's pending draw of the quiz: the stored one while the quiz is unchanged, else a new one. */
async function drawFor(deps: AppDeps, userId: string, quizId: string, version: number, language: Language) {
  const pending = await queries.pendingDraw(deps.db, userId, quizId);
  if (pending && pending.quizVersion === version) return pending.questions;
  return newDraw(deps, userId, quizId, language);
}

/**
 * A published quiz with the learner's pending draw of its questions for the attempt page: the
 * same on every reload until it is submitted; never its answers.
 */
export async function quizForAttempt(
  deps: AppDeps,
  userId: string,
  quizId: string,
  language: Language = 'en',
): Promise<QuizAttemptResponse> {
  if (!isUuid(quizId)) throw notFound(QUIZ_NOT_FOUND_MESSAGE);
  const quiz = await deps.quizCache.quiz(quizId, () => loadQuizContent(deps, quizId));
  if (!quiz) throw notFound(QUIZ_NOT_FOUND_MESSAGE);
  await assertCertificationQuizOpenForRead(deps, userId, quiz.content, deps.now());
  const [drawn, attemptCounts] = await Promise.all([
    drawFor(deps, userId, quizId, quiz.version, language),
    cachedAttemptCounts(deps, userId),
  ]);
  // Deleted or unpublished between the cache and the draw.
  if (!drawn) throw notFound(QUIZ_NOT_FOUND_MESSAGE);
  return {
    ...quiz.content,
    title: titleIn(language, quiz.content.title, quiz.hindiTitle),
    attemptCount: attemptCounts.get(quizId) ?? 0,
    totalQuestions: drawn.length,
    // Only what a learner may see: the correct answers and explanations stay on the server.
    questions: drawn.map((question) => ({
      _id: shownId(question),
      questionText: question.questionText,
      questionImage: question.questionImage,
      options: question.options.map((option): QuizOption => ({ type: option.type, value: option.value })),
    })),
  };
}
