import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/index.ts';
import { categories, questions, quizGrades, quizzes, type StoredOption } from '../db/schema.ts';
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
}

export interface QuizQuestionValues {
  text: string;
  imageMediaId: string | null;
  options: StoredOption[];
  correctIndex: number;
  /** Shown on a result, never in the quiz a learner attempts (decision 029). */
  explanation: string | null;
  explanationImageMediaId: string | null;
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

/** Removes a quiz's questions and grades before new ones are written (attempts keep their own snapshot). */
export async function deleteQuizBody(tx: DbOrTx, quizId: string): Promise<void> {
  await tx.delete(questions).where(eq(questions.quizId, quizId));
  await tx.delete(quizGrades).where(eq(quizGrades.quizId, quizId));
}

export async function insertQuizBody(tx: DbOrTx, quizId: string, body: QuizBody): Promise<void> {
  if (body.questions.length > 0) {
    await tx
      .insert(questions)
      .values(body.questions.map((question, position) => ({ quizId, position, ...question })));
  }
  if (body.grades.length > 0) {
    await tx.insert(quizGrades).values(body.grades.map((grade) => ({ quizId, grade })));
  }
  // Every quiz write (pack, admin add, edit, import) ends here: caches drop it when this commits.
  await notifyQuizChanged(tx, quizId);
}

/**
 * A new version of an existing quiz: its row updated (version and updated_at bumped, so a cache
 * of quiz content can tell it changed) and its questions and grades replaced.
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
  await deleteQuizBody(tx, quizId);
  await insertQuizBody(tx, quizId, body);
}
