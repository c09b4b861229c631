import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { QuestionTranslations, QuizTranslations } from '@quizquest/shared';
import type { DbOrTx } from '../db/index.ts';
import {
  categories,
  questions,
  quizGrades,
  quizzes,
  type QuizGenerator,
  type StoredOption,
} from '../db/schema.ts';
import { notifyQuizChanged } from './quiz-cache.ts';

/**
 * The quiz store: how a quiz's body (its questions and grades) and its category are written,
 * shared by the content loader and the admin's quiz editor (add, edit, import).
 */

/** The columns of a quiz row that both writers set. */
export interface QuizRowValues {
  title: string;
  categoryId: string;
  level: number;
  subLevel: string | null;
  showByDefault: boolean;
  learnMoreLink: string | null;
  attemptsAllowed?: number | undefined;
  /** Questions one attempt shows (a fresh draw each time); null: all of them (decision 031). */
  questionsPerAttempt?: number | null | undefined;
  /** A generated Maths quiz's grade and generators (decision 033); absent: left as it is. */
  generator?: QuizGenerator | null | undefined;
  /** The quiz in other languages (decision 034); absent: left as it is, null: none. */
  translations?: QuizTranslations | null | undefined;
}

export interface QuizQuestionValues {
  text: string;
  imageMediaId: string | null;
  options: StoredOption[];
  correctIndex: number;
  /** Shown on a result, never in the quiz a learner attempts (decision 029). */
  explanation: string | null;
  explanationImageMediaId: string | null;
  /** Shown in the order written rather than shuffled per draw (decision 031). */
  keepOptionOrder?: boolean | undefined;
  /** The question in other languages (decision 034): `{ hi: { questionText, options, explanation } }`. */
  translations?: QuestionTranslations | null | undefined;
  /**
   * The id of the question this one is an edit of (the admin form sends it back), so the question
   * keeps its id, its statistics and its place in learners' review boxes. Ignored unless it names
   * a question of the same quiz.
   */
  id?: string | undefined;
}

export interface QuizBody {
  questions: QuizQuestionValues[];
  grades: string[];
}

/** The category with this name (case-insensitive, like its unique index), created when missing. */
export async function ensureCategory(tx: DbOrTx, name: string): Promise<string> {
  const byName = sql`lower(${categories.name}) = lower(${name})`;
  const [existing] = await tx.select({ id: categories.id }).from(categories).where(byName).limit(1);
  if (existing) return existing.id;
  const [created] = await tx
    .insert(categories)
    .values({ name })
    .onConflictDoNothing()
    .returning({ id: categories.id });
  if (created) return created.id;
  // Another writer created it between our select and insert.
  const [raced] = await tx.select({ id: categories.id }).from(categories).where(byName).limit(1);
  if (!raced) throw new Error(`Category ${name} could not be created`);
  return raced.id;
}

const questionKey = (question: { text: string; imageMediaId: string | null }) =>
  `${question.text.trim().toLowerCase().replace(/\s+/g, ' ')}\u0000${question.imageMediaId ?? ''}`;

/**
 * Which existing question each new one continues (decision 031): the one it names by id, else the
 * first unclaimed one with the same text and image. A question keeps its id through edits of its
 * options, answer or explanation, so statistics, draws and review boxes follow it.
 */
export function matchQuestionIds(
  existing: ReadonlyArray<{ id: string; text: string; imageMediaId: string | null }>,
  incoming: readonly QuizQuestionValues[],
): Array<string | null> {
  const unclaimed = new Map(existing.map((question) => [question.id, question]));
  const matched: Array<string | null> = incoming.map((question) => {
    if (question.id && unclaimed.has(question.id)) {
      unclaimed.delete(question.id);
      return question.id;
    }
    return null;
  });
  return matched.map((id, index) => {
    if (id !== null) return id;
    const wanted = questionKey(incoming[index] as QuizQuestionValues);
    for (const candidate of unclaimed.values()) {
      if (questionKey(candidate) === wanted) {
        unclaimed.delete(candidate.id);
        return candidate.id;
      }
    }
    return null;
  });
}

const questionRow = (quizId: string, position: number, question: QuizQuestionValues) => ({
  quizId,
  position,
  text: question.text,
  imageMediaId: question.imageMediaId,
  options: question.options,
  correctIndex: question.correctIndex,
  explanation: question.explanation,
  explanationImageMediaId: question.explanationImageMediaId,
  keepOptionOrder: question.keepOptionOrder ?? false,
  translations: question.translations ?? null,
});

export async function insertQuizBody(tx: DbOrTx, quizId: string, body: QuizBody): Promise<void> {
  if (body.questions.length > 0) {
    await tx
      .insert(questions)
      .values(body.questions.map((question, position) => questionRow(quizId, position, question)));
  }
  if (body.grades.length > 0) {
    await tx.insert(quizGrades).values(body.grades.map((grade) => ({ quizId, grade })));
  }
  // Every quiz write (pack, admin add, edit, import) ends here: caches drop it when this commits.
  await notifyQuizChanged(tx, quizId);
}

/**
 * A new version of an existing quiz: its row updated (version and updated_at bumped, so a cache
 * of quiz content and a learner's pending draw can tell it changed), its grades replaced, and its
 * questions updated in place: a question that continues an existing one keeps its row and id
 * (matchQuestionIds), the others are removed or added.
 */
export async function replaceQuiz(
  tx: DbOrTx,
  quizId: string,
  values: QuizRowValues,
  body: QuizBody,
  now: Date,
): Promise<void> {
  await tx
    .update(quizzes)
    .set({ ...values, version: sql`${quizzes.version} + 1`, updatedAt: now })
    .where(eq(quizzes.id, quizId));
  const existing = await tx
    .select({ id: questions.id, text: questions.text, imageMediaId: questions.imageMediaId })
    .from(questions)
    .where(eq(questions.quizId, quizId));
  const ids = matchQuestionIds(existing, body.questions);
  const kept = ids.filter((id): id is string => id !== null);
  await tx
    .delete(questions)
    .where(and(eq(questions.quizId, quizId), kept.length > 0 ? notInArray(questions.id, kept) : undefined));
  if (body.questions.length > 0) {
    await tx
      .insert(questions)
      .values(
        body.questions.map((question, position) => ({
          ...questionRow(quizId, position, question),
          ...(ids[position] ? { id: ids[position] } : {}),
        })),
      )
      .onConflictDoUpdate({
        target: questions.id,
        set: {
          position: sql`excluded.position`,
          text: sql`excluded.text`,
          imageMediaId: sql`excluded.image_media_id`,
          options: sql`excluded.options`,
          correctIndex: sql`excluded.correct_index`,
          explanation: sql`excluded.explanation`,
          explanationImageMediaId: sql`excluded.explanation_image_media_id`,
          keepOptionOrder: sql`excluded.keep_option_order`,
          translations: sql`excluded.translations`,
        },
      });
  }
  await tx.delete(quizGrades).where(eq(quizGrades.quizId, quizId));
  if (body.grades.length > 0) {
    await tx.insert(quizGrades).values(body.grades.map((grade) => ({ quizId, grade })));
  }
  await notifyQuizChanged(tx, quizId);
}
