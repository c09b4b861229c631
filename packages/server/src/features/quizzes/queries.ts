import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/index.ts';
import { categories, questions, quizGrades, quizzes } from '../../db/schema.ts';

/**
 * The learner's reads of the quiz catalogue. None of these select questions.correct_index: what
 * is never read cannot leak into a learner's payload.
 */

/** Published and not deleted: the only quizzes a learner ever sees. */
const isLive = () => and(eq(quizzes.published, true), isNull(quizzes.deletedAt));

export async function practiceCategoryNames(db: DbOrTx, grade: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ name: categories.name })
    .from(quizzes)
    .innerJoin(categories, eq(categories.id, quizzes.categoryId))
    .innerJoin(quizGrades, and(eq(quizGrades.quizId, quizzes.id), eq(quizGrades.grade, grade)))
    .where(and(isLive(), eq(quizzes.level, 0)));
  return rows.map((row) => row.name);
}

const quizColumns = {
  id: quizzes.id,
  title: quizzes.title,
  category: categories.name,
  level: quizzes.level,
  subLevel: quizzes.subLevel,
  showByDefault: quizzes.showByDefault,
  learnMoreLink: quizzes.learnMoreLink,
  attemptsAllowed: quizzes.attemptsAllowed,
};

/**
 * Published practice quizzes for a grade: those of `category` (matched like the unique index,
 * ignoring case), or with no category the ones shown by default. Oldest first, as authored.
 */
export async function publishedPracticeQuizzes(
  db: DbOrTx,
  params: { grade: string; category: string | null },
) {
  return db
    .select(quizColumns)
    .from(quizzes)
    .innerJoin(quizGrades, and(eq(quizGrades.quizId, quizzes.id), eq(quizGrades.grade, params.grade)))
    .leftJoin(categories, eq(categories.id, quizzes.categoryId))
    .where(
      and(
        isLive(),
        eq(quizzes.level, 0),
        params.category === null
          ? eq(quizzes.showByDefault, true)
          : eq(sql`lower(${categories.name})`, params.category.toLowerCase()),
      ),
    )
    .orderBy(asc(quizzes.createdAt), asc(quizzes.title), asc(quizzes.id));
}

export async function liveQuiz(db: DbOrTx, quizId: string) {
  const [row] = await db
    .select(quizColumns)
    .from(quizzes)
    .leftJoin(categories, eq(categories.id, quizzes.categoryId))
    .where(and(eq(quizzes.id, quizId), isLive()))
    .limit(1);
  return row ?? null;
}

/** The questions of a quiz as a learner may see them, in order: no correct answer. */
export async function questionsForLearner(db: DbOrTx, quizId: string) {
  return db
    .select({
      id: questions.id,
      text: questions.text,
      imageMediaId: questions.imageMediaId,
      options: questions.options,
    })
    .from(questions)
    .where(eq(questions.quizId, quizId))
    .orderBy(asc(questions.position), asc(questions.id));
}

export async function gradesByQuiz(db: DbOrTx, quizIds: string[]): Promise<Map<string, string[]>> {
  const byQuiz = new Map<string, string[]>();
  if (quizIds.length === 0) return byQuiz;
  const rows = await db
    .select({ quizId: quizGrades.quizId, grade: quizGrades.grade })
    .from(quizGrades)
    .where(inArray(quizGrades.quizId, quizIds));
  for (const row of rows) byQuiz.set(row.quizId, [...(byQuiz.get(row.quizId) ?? []), row.grade]);
  return byQuiz;
}

export async function questionCountsByQuiz(db: DbOrTx, quizIds: string[]): Promise<Map<string, number>> {
  if (quizIds.length === 0) return new Map();
  const rows = await db
    .select({ quizId: questions.quizId, total: count() })
    .from(questions)
    .where(inArray(questions.quizId, quizIds))
    .groupBy(questions.quizId);
  return new Map(rows.map((row) => [row.quizId, Number(row.total)]));
}
