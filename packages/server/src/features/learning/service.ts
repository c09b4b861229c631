import {
  addDays,
  DEFAULT_TIME_ZONE,
  isTimeZone,
  localDay,
  MASTERY_WINDOW,
  masteryLevel,
  startOfLocalDay,
  streakState,
  type CategoryMastery,
  type LearningSummaryResponse,
  type RecentAnswer,
} from '@quizquest/shared';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../lib/http-error.ts';
import * as queries from './queries.ts';

/** How far back days and answers are read: a streak longer than this shows as this long. */
export const LEARNING_HORIZON_DAYS = 400;
export const DAILY_GOAL = 1;

/**
 * Each category's answers, newest first: quiz answers (within an attempt, its last question is the
 * newest) and review answers merged by time (decision 032: a review answer counts for mastery).
 */
function masteryOf(
  attemptRows: queries.CategoryAttemptAnswers[],
  reviewRows: Awaited<ReturnType<typeof queries.recentReviewAnswers>>,
): CategoryMastery[] {
  const perCategory = new Map<string, Array<RecentAnswer & { at: number }>>();
  const add = (category: string, answer: RecentAnswer & { at: number }) =>
    perCategory.set(category, [...(perCategory.get(category) ?? []), answer]);
  for (const row of attemptRows) {
    for (let index = row.correctAnswers.length - 1; index >= 0; index -= 1) {
      add(row.category, {
        correct: row.answers[index] === row.correctAnswers[index],
        review: false,
        at: row.submittedAt.getTime(),
      });
    }
  }
  for (const row of reviewRows)
    add(row.category, { correct: row.correct, review: true, at: row.answeredAt.getTime() });
  const mastery: CategoryMastery[] = [];
  for (const [category, answers] of perCategory) {
    // A stable sort: answers of one attempt keep their newest-first order.
    const recent = [...answers].sort((a, b) => b.at - a.at).slice(0, MASTERY_WINDOW);
    const level = masteryLevel(recent);
    if (level === null) continue;
    mastery.push({
      category,
      level,
      answered: recent.length,
      correct: recent.filter((answer) => answer.correct).length,
    });
  }
  return mastery.sort((a, b) => a.category.localeCompare(b.category));
}

/**
 * The signed-in learner's streak, daily goal and mastery per category (issue 16, decision 030).
 * Days are the learner's local calendar days; finished quizzes and review sessions count.
 */
export async function learningSummary(deps: AppDeps, userId: string): Promise<LearningSummaryResponse> {
  const stored = await queries.learnerTimeZone(deps.db, userId);
  if (stored === null) throw notFound('Account not found');
  // A zone this runtime no longer knows counts in the default one rather than failing the page.
  const timeZone = isTimeZone(stored) ? stored : DEFAULT_TIME_ZONE;
  const today = localDay(deps.now(), timeZone);
  const since = startOfLocalDay(addDays(today, -LEARNING_HORIZON_DAYS), timeZone);
  const now = deps.now();
  const [quizDays, sessionDays, answers, reviews, reviewDue] = await Promise.all([
    queries.activityDays(deps.db, { userId, timeZone, since }),
    queries.reviewDays(deps.db, { userId, timeZone, since }),
    queries.recentAnswersPerCategory(deps.db, { userId, since, window: MASTERY_WINDOW }),
    queries.recentReviewAnswers(deps.db, { userId, since, window: MASTERY_WINDOW }),
    queries.reviewDueCount(deps.db, userId, now),
  ]);
  // A day counts a finished quiz or a finished review session alike.
  const finishedPerDay = new Map<string, number>();
  for (const row of [...quizDays, ...sessionDays]) {
    finishedPerDay.set(row.day, (finishedPerDay.get(row.day) ?? 0) + row.finished);
  }
  const days = [...finishedPerDay.keys()].sort().reverse();
  const doneToday = finishedPerDay.get(today) ?? 0;
  return {
    timeZone,
    today,
    streak: streakState(days, today),
    dailyGoal: { target: DAILY_GOAL, done: doneToday },
    mastery: masteryOf(answers, reviews),
    reviewDue,
  };
}
