import {
  addDays,
  DEFAULT_TIME_ZONE,
  isTimeZone,
  localDay,
  MASTERY_WINDOW,
  masteryPerCategory,
  startOfLocalDay,
  streakState,
  type CategoryAnswer,
  type CategoryMasteryLevel,
  type StreakState,
} from '@quizquest/shared';
import { desc, eq, inArray, isNotNull, lt, lte, or, sql, type Column } from 'drizzle-orm';
import type { DbOrTx } from '../db/index.ts';
import type { AccountCache } from './account-cache.ts';
import { attempts, categories, quizzes, reviewAnswers } from '../db/schema.ts';

/**
 * A learner's days, streak and mastery per category (issue 16, decision 030), for one learner (the
 * dashboard's GET /learning/summary) or every learner of an account at once (the parent's report,
 * decision 035): one implementation, four statements whatever the number of learners or the length
 * of their histories. Days are each learner's local calendar days; finished quizzes and finished
 * review sessions count alike.
 */

/** How far back days and answers are read: a streak longer than this shows as this long. */
export const LEARNING_HORIZON_DAYS = 400;

/** The category an answer counts in: the quiz's; a practice quiz without one is 'General'. */
export const ANSWER_CATEGORY = sql<string>`coalesce(${categories.name}, 'General')`;

/** A certification quiz without a category counts in no category; a practice quiz in 'General'. */
export const COUNTS_IN_A_CATEGORY = or(isNotNull(quizzes.categoryId), eq(quizzes.level, 0));

export interface ProgressLearner {
  id: string;
  /** The learner's stored time zone (users.time_zone). */
  timeZone: string;
}

export interface LearnerProgress {
  /** The zone the days count in: the stored one, or the default when this runtime does not know it. */
  timeZone: string;
  /** The learner's local calendar day now. */
  today: string;
  /** Finished quizzes and review sessions per local day, within the horizon. */
  finishedPerDay: ReadonlyMap<string, number>;
  streak: StreakState;
  mastery: CategoryMasteryLevel[];
}

interface Window {
  id: string;
  timeZone: string;
  today: string;
  /** The first instant read: the local midnight LEARNING_HORIZON_DAYS before today. */
  since: Date;
}

/**
 * The learners as a row source (id, time_zone, since), from one parameter: every query below is
 * one statement for any number of learners, each read through its own (user_id, time) index range.
 */
function learnerRows(windows: Window[]) {
  const rows = windows.map((window) => ({
    id: window.id,
    time_zone: window.timeZone,
    since: window.since.toISOString(),
  }));
  return sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as learner(id uuid, time_zone text, since timestamptz)`;
}

const learnerId = sql<string>`learner.id`;

/**
 * The learners' rows of a table with (user_id, time) through its (user_id, time) index: the ids and
 * the earliest `since` bound the index range (the planner cannot see into the row source), and the
 * join keeps each learner's own window.
 */
function ownRowsSince(windows: Window[], userId: Column, at: Column) {
  const earliest = new Date(Math.min(...windows.map((window) => window.since.getTime())));
  return sql`${userId} = learner.id and ${at} >= learner.since
    and ${inArray(
      userId,
      windows.map((window) => window.id),
    )} and ${at} >= ${earliest.toISOString()}::timestamptz`;
}

interface DayRow {
  userId: string;
  day: string;
  finished: number;
}

/** Finished quizzes per learner and local calendar day since each learner's `since`. */
async function quizDays(db: DbOrTx, windows: Window[]): Promise<DayRow[]> {
  return db
    .select({
      userId: learnerId,
      day: sql<string>`((${attempts.submittedAt} at time zone learner.time_zone)::date)::text`,
      finished: sql<number>`count(*)::int`,
    })
    .from(learnerRows(windows))
    .innerJoin(attempts, ownRowsSince(windows, attempts.userId, attempts.submittedAt))
    .groupBy(sql`1, 2`);
}

/** Finished review sessions per learner and local calendar day (a day's distinct sessions). */
async function reviewDays(db: DbOrTx, windows: Window[]): Promise<DayRow[]> {
  return db
    .select({
      userId: learnerId,
      day: sql<string>`((${reviewAnswers.answeredAt} at time zone learner.time_zone)::date)::text`,
      finished: sql<number>`count(distinct ${reviewAnswers.sessionId})::int`,
    })
    .from(learnerRows(windows))
    .innerJoin(reviewAnswers, ownRowsSince(windows, reviewAnswers.userId, reviewAnswers.answeredAt))
    .groupBy(sql`1, 2`);
}

interface AttemptAnswersRow {
  userId: string;
  category: string;
  /** The learner's answers and the snapshot's correct answers, question by question. */
  answers: number[];
  correctAnswers: number[];
  submittedAt: Date;
}

/**
 * Each learner's latest attempts per category since `since`, newest first within a category, just
 * enough of them to hold `MASTERY_WINDOW` answers (each category's attempts until their questions
 * reach the window). The ranking reads only short columns through attempts_user_submitted_idx; the
 * snapshots' correct answers are read for the chosen attempts only.
 */
async function recentAttemptAnswers(db: DbOrTx, windows: Window[]): Promise<AttemptAnswersRow[]> {
  const ranked = db
    .select({
      id: attempts.id,
      userId: sql<string>`${attempts.userId}`.as('ranked_user_id'),
      category: ANSWER_CATEGORY.as('category'),
      submittedAt: sql<Date>`${attempts.submittedAt}`.as('ranked_submitted_at'),
      answersBefore:
        sql<number>`coalesce(sum(${attempts.total}) over (partition by ${attempts.userId}, ${quizzes.categoryId} order by ${attempts.submittedAt} desc, ${attempts.id} desc rows between unbounded preceding and 1 preceding), 0)`.as(
          'answers_before',
        ),
    })
    .from(learnerRows(windows))
    .innerJoin(attempts, ownRowsSince(windows, attempts.userId, attempts.submittedAt))
    .innerJoin(quizzes, eq(quizzes.id, attempts.quizId))
    .leftJoin(categories, eq(categories.id, quizzes.categoryId))
    .where(COUNTS_IN_A_CATEGORY)
    .as('ranked');
  return db
    .select({
      userId: ranked.userId,
      category: ranked.category,
      answers: attempts.answers,
      correctAnswers: sql<
        number[]
      >`jsonb_path_query_array(${attempts.snapshot}, '$.questions[*].correctAnswerIndex')`,
      submittedAt: attempts.submittedAt,
    })
    .from(ranked)
    .innerJoin(attempts, eq(attempts.id, ranked.id))
    .where(lt(ranked.answersBefore, MASTERY_WINDOW))
    .orderBy(ranked.userId, ranked.category, desc(ranked.submittedAt), desc(attempts.id));
}

interface ReviewAnswerRow {
  userId: string;
  category: string;
  correct: boolean;
  answeredAt: Date;
}

/** Each learner's review answers since `since`, newest first, at most MASTERY_WINDOW per category. */
async function recentReviewAnswers(db: DbOrTx, windows: Window[]): Promise<ReviewAnswerRow[]> {
  const ranked = db
    .select({
      userId: sql<string>`${reviewAnswers.userId}`.as('ranked_user_id'),
      category: ANSWER_CATEGORY.as('category'),
      correct: sql<boolean>`${reviewAnswers.correct}`.as('correct'),
      answeredAt: sql<Date>`${reviewAnswers.answeredAt}`.as('answered_at'),
      rank: sql<number>`row_number() over (partition by ${reviewAnswers.userId}, ${quizzes.categoryId} order by ${reviewAnswers.answeredAt} desc, ${reviewAnswers.id} desc)`.as(
        'rank',
      ),
    })
    .from(learnerRows(windows))
    .innerJoin(reviewAnswers, ownRowsSince(windows, reviewAnswers.userId, reviewAnswers.answeredAt))
    .innerJoin(quizzes, eq(quizzes.id, reviewAnswers.quizId))
    .leftJoin(categories, eq(categories.id, quizzes.categoryId))
    .as('ranked_reviews');
  const rows = await db
    .select({
      userId: ranked.userId,
      category: ranked.category,
      correct: ranked.correct,
      answeredAt: ranked.answeredAt,
    })
    .from(ranked)
    .where(lte(ranked.rank, MASTERY_WINDOW))
    .orderBy(desc(ranked.answeredAt));
  return rows.map((row) => ({ ...row, answeredAt: new Date(row.answeredAt) }));
}

/**
 * Quiz answers (within an attempt, its last question is the newest) and review answers, as the
 * mastery rule reads them.
 */
function categoryAnswers(attemptRows: AttemptAnswersRow[], reviewRows: ReviewAnswerRow[]): CategoryAnswer[] {
  const answers: CategoryAnswer[] = [];
  for (const row of attemptRows) {
    for (let index = row.correctAnswers.length - 1; index >= 0; index -= 1) {
      answers.push({
        category: row.category,
        correct: row.answers[index] === row.correctAnswers[index],
        review: false,
        at: row.submittedAt.getTime(),
      });
    }
  }
  for (const row of reviewRows) {
    answers.push({
      category: row.category,
      correct: row.correct,
      review: true,
      at: row.answeredAt.getTime(),
    });
  }
  return answers;
}

function byLearner<Row extends { userId: string }>(rows: Row[]): Map<string, Row[]> {
  const grouped = new Map<string, Row[]>();
  for (const row of rows) {
    const list = grouped.get(row.userId);
    if (list) list.push(row);
    else grouped.set(row.userId, [row]);
  }
  return grouped;
}

/** A zone this runtime no longer knows counts in the default one rather than failing the page. */
function zoneOf(learner: ProgressLearner): string {
  return isTimeZone(learner.timeZone) ? learner.timeZone : DEFAULT_TIME_ZONE;
}

/**
 * The days, streak and mastery of each learner, by id (every learner given has an entry). Four
 * statements, each one over all the learners.
 */
export async function learnersProgress(
  db: DbOrTx,
  learners: readonly ProgressLearner[],
  now: Date,
): Promise<Map<string, LearnerProgress>> {
  const progress = new Map<string, LearnerProgress>();
  if (learners.length === 0) return progress;
  const windows: Window[] = learners.map((learner) => {
    const timeZone = zoneOf(learner);
    const today = localDay(now, timeZone);
    return {
      id: learner.id,
      timeZone,
      today,
      since: startOfLocalDay(addDays(today, -LEARNING_HORIZON_DAYS), timeZone),
    };
  });
  const [quizDayRows, reviewDayRows, attemptRows, reviewRows] = await Promise.all([
    quizDays(db, windows),
    reviewDays(db, windows),
    recentAttemptAnswers(db, windows),
    recentReviewAnswers(db, windows),
  ]);
  const days = byLearner([...quizDayRows, ...reviewDayRows]);
  const attemptsOf = byLearner(attemptRows);
  const reviewsOf = byLearner(reviewRows);
  for (const window of windows) {
    // A day counts a finished quiz or a finished review session alike.
    const finishedPerDay = new Map<string, number>();
    for (const row of days.get(window.id) ?? []) {
      finishedPerDay.set(row.day, (finishedPerDay.get(row.day) ?? 0) + row.finished);
    }
    progress.set(window.id, {
      timeZone: window.timeZone,
      today: window.today,
      finishedPerDay,
      streak: streakState(finishedPerDay.keys(), window.today),
      mastery: masteryPerCategory(
        categoryAnswers(attemptsOf.get(window.id) ?? [], reviewsOf.get(window.id) ?? []),
      ),
    });
  }
  return progress;
}

/** What the dashboard and the parent's report show of a learner's progress, on its local day. */
export interface LearnerStanding {
  timeZone: string;
  today: string;
  /** Finished quizzes and review sessions on `today`. */
  finishedToday: number;
  streak: StreakState;
  mastery: CategoryMasteryLevel[];
}

/**
 * Each learner's standing (by id), from the account cache while it holds one read on the same
 * local day in the same zone, else read by learnersProgress for the learners missing (its four
 * statements). Whatever changes a standing drops it on every instance first (decision 042): an
 * attempt or a review session (the attempts notice), a certification, a change of the learner's
 * row (time zone included) or their removal.
 */
export async function learnersStanding(
  deps: { db: DbOrTx; accountCache: Pick<AccountCache, 'getMany'> },
  learners: readonly ProgressLearner[],
  now: Date,
): Promise<Map<string, LearnerStanding>> {
  const zones = new Map(learners.map((learner) => [learner.id, zoneOf(learner)]));
  return deps.accountCache.getMany<LearnerStanding>(
    learners.map((learner) => learner.id),
    'standing',
    async (missing) => {
      const wanted = new Set(missing);
      const progress = await learnersProgress(
        deps.db,
        learners.filter((learner) => wanted.has(learner.id)),
        now,
      );
      const standings = new Map<string, LearnerStanding>();
      for (const [id, learner] of progress) {
        standings.set(id, {
          timeZone: learner.timeZone,
          today: learner.today,
          finishedToday: learner.finishedPerDay.get(learner.today) ?? 0,
          streak: learner.streak,
          mastery: learner.mastery,
        });
      }
      return standings;
    },
    (standing, id) =>
      standing.timeZone === zones.get(id) && standing.today === localDay(now, standing.timeZone),
  );
}
