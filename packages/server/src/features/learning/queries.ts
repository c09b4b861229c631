import { and, count, desc, eq, gte, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/index.ts';
import { attempts, categories, quizzes, reviewAnswers, reviewItems, users } from '../../db/schema.ts';

/** The learner's time zone; null when the account is gone. */
export async function learnerTimeZone(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.timeZone ?? null;
}

/**
 * The learner's finished quizzes per local calendar day since `since` (newest day first): one
 * statement over attempts_user_submitted_idx, bounded by the horizon, whatever the history.
 */
export async function activityDays(
  db: DbOrTx,
  params: { userId: string; timeZone: string; since: Date },
): Promise<Array<{ day: string; finished: number }>> {
  return db
    .select({
      day: sql<string>`((${attempts.submittedAt} at time zone ${params.timeZone})::date)::text`,
      finished: sql<number>`count(*)::int`,
    })
    .from(attempts)
    .where(and(eq(attempts.userId, params.userId), gte(attempts.submittedAt, params.since)))
    .groupBy(sql`1`)
    .orderBy(sql`1 desc`);
}

export interface CategoryAttemptAnswers {
  category: string;
  /** The learner's answers and the snapshot's correct answers, question by question. */
  answers: number[];
  correctAnswers: number[];
  submittedAt: Date;
}

/**
 * The learner's latest attempts per category since `since`, newest first within a category, just
 * enough of them to hold `window` answers (each category's attempts until their questions reach
 * the window). The category is the quiz's; a practice quiz without one is 'General'; a
 * certification quiz without one counts in no category. The ranking reads only short columns
 * through attempts_user_submitted_idx; the snapshots' correct answers are read for the chosen
 * attempts only. One statement, whatever the history.
 */
export async function recentAnswersPerCategory(
  db: DbOrTx,
  params: { userId: string; since: Date; window: number },
): Promise<CategoryAttemptAnswers[]> {
  const ranked = db
    .select({
      id: attempts.id,
      category: sql<string>`coalesce(${categories.name}, 'General')`.as('category'),
      submittedAt: sql<Date>`${attempts.submittedAt}`.as('ranked_submitted_at'),
      answersBefore:
        sql<number>`coalesce(sum(${attempts.total}) over (partition by ${quizzes.categoryId} order by ${attempts.submittedAt} desc, ${attempts.id} desc rows between unbounded preceding and 1 preceding), 0)`.as(
          'answers_before',
        ),
    })
    .from(attempts)
    .innerJoin(quizzes, eq(quizzes.id, attempts.quizId))
    .leftJoin(categories, eq(categories.id, quizzes.categoryId))
    .where(
      and(
        eq(attempts.userId, params.userId),
        gte(attempts.submittedAt, params.since),
        or(isNotNull(quizzes.categoryId), eq(quizzes.level, 0)),
      ),
    )
    .as('ranked');
  return db
    .select({
      category: ranked.category,
      answers: attempts.answers,
      correctAnswers: sql<
        number[]
      >`jsonb_path_query_array(${attempts.snapshot}, '$.questions[*].correctAnswerIndex')`,
      submittedAt: attempts.submittedAt,
    })
    .from(ranked)
    .innerJoin(attempts, eq(attempts.id, ranked.id))
    .where(lt(ranked.answersBefore, params.window))
    .orderBy(ranked.category, desc(ranked.submittedAt), desc(attempts.id));
}

/** The learner's finished review sessions per local calendar day since `since`. */
export async function reviewDays(
  db: DbOrTx,
  params: { userId: string; timeZone: string; since: Date },
): Promise<Array<{ day: string; finished: number }>> {
  return db
    .select({
      day: sql<string>`((${reviewAnswers.answeredAt} at time zone ${params.timeZone})::date)::text`,
      finished: sql<number>`count(distinct ${reviewAnswers.sessionId})::int`,
    })
    .from(reviewAnswers)
    .where(and(eq(reviewAnswers.userId, params.userId), gte(reviewAnswers.answeredAt, params.since)))
    .groupBy(sql`1`);
}

/**
 * The learner's review answers since `since`, newest first, at most `window` per category (the
 * quiz's category; 'General' without one, as practice quizzes count).
 */
export async function recentReviewAnswers(
  db: DbOrTx,
  params: { userId: string; since: Date; window: number },
): Promise<Array<{ category: string; correct: boolean; answeredAt: Date }>> {
  const ranked = db
    .select({
      category: sql<string>`coalesce(${categories.name}, 'General')`.as('category'),
      correct: sql<boolean>`${reviewAnswers.correct}`.as('correct'),
      answeredAt: sql<Date>`${reviewAnswers.answeredAt}`.as('answered_at'),
      rank: sql<number>`row_number() over (partition by ${quizzes.categoryId} order by ${reviewAnswers.answeredAt} desc, ${reviewAnswers.id} desc)`.as(
        'rank',
      ),
    })
    .from(reviewAnswers)
    .innerJoin(quizzes, eq(quizzes.id, reviewAnswers.quizId))
    .leftJoin(categories, eq(categories.id, quizzes.categoryId))
    .where(and(eq(reviewAnswers.userId, params.userId), gte(reviewAnswers.answeredAt, params.since)))
    .as('ranked_reviews');
  const rows = await db
    .select({ category: ranked.category, correct: ranked.correct, answeredAt: ranked.answeredAt })
    .from(ranked)
    .where(lte(ranked.rank, params.window))
    .orderBy(desc(ranked.answeredAt));
  return rows.map((row) => ({ ...row, answeredAt: new Date(row.answeredAt) }));
}

/** Questions due in the learner's review box now, their quiz live (as GET /review counts them). */
export async function reviewDueCount(db: DbOrTx, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ due: count() })
    .from(reviewItems)
    .innerJoin(quizzes, eq(quizzes.id, reviewItems.quizId))
    .where(
      and(
        eq(reviewItems.userId, userId),
        lte(reviewItems.dueAt, now),
        eq(quizzes.published, true),
        isNull(quizzes.deletedAt),
      ),
    );
  return Number(row?.due ?? 0);
}
