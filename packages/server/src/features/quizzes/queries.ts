import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/index.ts';
import {
  attempts,
  categories,
  questions,
  quizDraws,
  quizGrades,
  quizzes,
  type AttemptedQuestion,
  type GeneratedDraw,
} from '../../db/schema.ts';
import { questionRowColumns } from '../../lib/shown-question.ts';

/**
 * The learner's reads of the quiz catalogue. None of these but the pool of a new draw select
 * questions.correct_index, and a draw's answers stay on the server (decision 031).
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
  questionsPerAttempt: quizzes.questionsPerAttempt,
  generator: quizzes.generator,
  version: quizzes.version,
  translations: quizzes.translations,
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

/** The learner's pending draw of a quiz, with the quiz version it was drawn from; null: none. */
export async function pendingDraw(db: DbOrTx, userId: string, quizId: string) {
  const [row] = await db
    .select({ quizVersion: quizDraws.quizVersion, questions: quizDraws.questions })
    .from(quizDraws)
    .where(and(eq(quizDraws.userId, userId), eq(quizDraws.quizId, quizId)))
    .limit(1);
  return row ?? null;
}

/**
 * The pool a new draw is made from: the live quiz's version and questions with their answers (for
 * the server's draw only, never a payload). Null when the quiz is no longer live.
 */
export async function drawPool(db: DbOrTx, quizId: string) {
  const [quiz] = await db
    .select({
      version: quizzes.version,
      questionsPerAttempt: quizzes.questionsPerAttempt,
      generator: quizzes.generator,
    })
    .from(quizzes)
    .where(and(eq(quizzes.id, quizId), isLive()))
    .limit(1);
  if (!quiz) return null;
  const pool = await db
    .select(questionRowColumns)
    .from(questions)
    .where(eq(questions.quizId, quizId))
    .orderBy(asc(questions.position), asc(questions.id));
  return { ...quiz, pool };
}

/**
 * The learner's attempts of this quiz, oldest first: their answers and, question by question as
 * shown, the question id (null before decision 031) and the correct answer. Bounded by the quiz's
 * attempts allowed; the snapshots' texts are not read.
 */
export async function shownQuestions(db: DbOrTx, userId: string, quizId: string) {
  return db
    .select({
      answers: attempts.answers,
      shown: sql<Array<[string | null, number]>>`(
        select coalesce(jsonb_agg(jsonb_build_array(question->>'questionId', question->'correctAnswerIndex')), '[]'::jsonb)
        from jsonb_array_elements(${attempts.snapshot}->'questions') as question
      )`,
    })
    .from(attempts)
    .where(and(eq(attempts.userId, userId), eq(attempts.quizId, quizId)))
    .orderBy(asc(attempts.submittedAt), asc(attempts.id));
}

/** Tries of storeDraw: each lost only to a draw made and submitted in between. */
const STORE_DRAW_TURNS = 5;

/**
 * Stores a new draw unless the learner already has one of this quiz version (a concurrent first
 * request made it): one statement, so concurrent first requests end with one draw. Returns the
 * draw that holds, this one or the other.
 */
export async function storeDraw(
  db: DbOrTx,
  draw: {
    userId: string;
    quizId: string;
    quizVersion: number;
    questions: AttemptedQuestion[];
    generated: GeneratedDraw | null;
  },
): Promise<AttemptedQuestion[]> {
  // A concurrent request's draw of this version wins; if it is submitted between our insert and
  // our read (another tab), the quiz has no draw again and ours is stored on the next turn.
  for (let turn = 0; turn < STORE_DRAW_TURNS; turn += 1) {
    const [stored] = await db
      .insert(quizDraws)
      .values(draw)
      .onConflictDoUpdate({
        target: [quizDraws.userId, quizDraws.quizId],
        set: {
          drawId: sql`excluded.draw_id`,
          quizVersion: sql`excluded.quiz_version`,
          questions: sql`excluded.questions`,
          generated: sql`excluded.generated`,
          createdAt: sql`excluded.created_at`,
        },
        setWhere: sql`${quizDraws.quizVersion} <> excluded.quiz_version`,
      })
      .returning({ questions: quizDraws.questions });
    if (stored) return stored.questions;
    const existing = await pendingDraw(db, draw.userId, draw.quizId);
    if (existing) return existing.questions;
  }
  throw new Error('A draw was neither stored nor found');
}
