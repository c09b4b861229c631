import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/index.ts';
import { categories, questions, quizGrades, quizzes, type StoredOption } from '../../db/schema.ts';
import { notifyQuizChanged } from '../../lib/quiz-cache.ts';

/** The columns of a quiz that the content pack owns (published, deletedAt and passScore stay the admin's). */
export interface PackQuizValues {
  title: string;
  categoryId: string;
  level: number;
  subLevel: string | null;
  showByDefault: boolean;
  attemptsAllowed: number;
  learnMoreLink: string | null;
}

export interface PackQuestionValues {
  text: string;
  imageMediaId: string | null;
  options: StoredOption[];
  correctIndex: number;
}

export async function hasAnyQuiz(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ id: quizzes.id }).from(quizzes).limit(1);
  return rows.length > 0;
}

/** The quiz loaded from the pack under `contentKey`, locked until the transaction ends. */
export async function findQuizByContentKey(tx: DbOrTx, contentKey: string) {
  const [row] = await tx
    .select({
      id: quizzes.id,
      title: quizzes.title,
      categoryName: categories.name,
      level: quizzes.level,
      subLevel: quizzes.subLevel,
      showByDefault: quizzes.showByDefault,
      attemptsAllowed: quizzes.attemptsAllowed,
      learnMoreLink: quizzes.learnMoreLink,
    })
    .from(quizzes)
    .leftJoin(categories, eq(categories.id, quizzes.categoryId))
    .where(eq(quizzes.contentKey, contentKey))
    .limit(1)
    .for('update', { of: quizzes });
  return row ?? null;
}

export async function listQuizQuestions(tx: DbOrTx, quizId: string) {
  return tx
    .select({
      text: questions.text,
      imageMediaId: questions.imageMediaId,
      options: questions.options,
      correctIndex: questions.correctIndex,
    })
    .from(questions)
    .where(eq(questions.quizId, quizId))
    .orderBy(asc(questions.position));
}

export async function listQuizGrades(tx: DbOrTx, quizId: string): Promise<string[]> {
  const rows = await tx
    .select({ grade: quizGrades.grade })
    .from(quizGrades)
    .where(eq(quizGrades.quizId, quizId));
  return rows.map((row) => row.grade);
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
  // Another loader created it between our select and insert.
  const [raced] = await tx.select({ id: categories.id }).from(categories).where(byName).limit(1);
  if (!raced) throw new Error(`Category ${name} could not be created`);
  return raced.id;
}

/** Inserts a pack quiz; null when a quiz with this content key already exists (a concurrent loader). */
export async function insertPackQuiz(
  tx: DbOrTx,
  contentKey: string,
  values: PackQuizValues,
): Promise<string | null> {
  const [row] = await tx
    .insert(quizzes)
    .values({ contentKey, ...values })
    .onConflictDoNothing({ target: quizzes.contentKey })
    .returning({ id: quizzes.id });
  return row?.id ?? null;
}

export async function updatePackQuiz(
  tx: DbOrTx,
  quizId: string,
  values: PackQuizValues,
  now: Date,
): Promise<void> {
  await tx
    .update(quizzes)
    .set({ ...values, version: sql`${quizzes.version} + 1`, updatedAt: now })
    .where(eq(quizzes.id, quizId));
}

/** Removes a quiz's questions and grades before new ones are written (attempts keep their own snapshot). */
export async function deleteQuizBody(tx: DbOrTx, quizId: string): Promise<void> {
  await tx.delete(questions).where(eq(questions.quizId, quizId));
  await tx.delete(quizGrades).where(eq(quizGrades.quizId, quizId));
}

export async function insertQuizBody(
  tx: DbOrTx,
  quizId: string,
  body: { questions: PackQuestionValues[]; grades: string[] },
): Promise<void> {
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
