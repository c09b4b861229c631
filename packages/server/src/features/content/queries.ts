import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/index.ts';
import { categories, questions, quizGrades, quizzes, type QuizGenerator } from '../../db/schema.ts';
import { questionRowColumns } from '../../lib/shown-question.ts';

/** The columns of a quiz that the content pack owns (published, deletedAt and passScore stay the admin's). */
export interface PackQuizValues {
  title: string;
  categoryId: string;
  level: number;
  subLevel: string | null;
  showByDefault: boolean;
  attemptsAllowed: number;
  questionsPerAttempt: number | null;
  generator: QuizGenerator | null;
  learnMoreLink: string | null;
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
      questionsPerAttempt: quizzes.questionsPerAttempt,
      generator: quizzes.generator,
      learnMoreLink: quizzes.learnMoreLink,
      translations: quizzes.translations,
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
    .select(questionRowColumns)
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
