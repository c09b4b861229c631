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

/** Each category's answers, newest first (within an attempt, its last question is the newest). */
function masteryOf(rows: queries.CategoryAttemptAnswers[]): CategoryMastery[] {
  const perCategory = new Map<string, RecentAnswer[]>();
  for (const row of rows) {
    const answers = perCategory.get(row.category) ?? [];
    for (let index = row.correctAnswers.length - 1; index >= 0; index -= 1) {
      answers.push({ correct: row.answers[index] === row.correctAnswers[index], review: row.review });
    }
    perCategory.set(row.category, answers);
  }
  const mastery: CategoryMastery[] = [];
  for (const [category, answers] of perCategory) {
    const recent = answers.slice(0, MASTERY_WINDOW);
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
 * Days are the learner's local calendar days; finished quizzes count today, reviews will join.
 */
export async function learningSummary(deps: AppDeps, userId: string): Promise<LearningSummaryResponse> {
  const stored = await queries.learnerTimeZone(deps.db, userId);
  if (stored === null) throw notFound('Account not found');
  // A zone this runtime no longer knows counts in the default one rather than failing the page.
  const timeZone = isTimeZone(stored) ? stored : DEFAULT_TIME_ZONE;
  const today = localDay(deps.now(), timeZone);
  const since = startOfLocalDay(addDays(today, -LEARNING_HORIZON_DAYS), timeZone);
  const [days, answers] = await Promise.all([
    queries.activityDays(deps.db, { userId, timeZone, since }),
    queries.recentAnswersPerCategory(deps.db, { userId, since, window: MASTERY_WINDOW }),
  ]);
  const doneToday = days.find((row) => row.day === today)?.finished ?? 0;
  return {
    timeZone,
    today,
    streak: streakState(
      days.map((row) => row.day),
      today,
    ),
    dailyGoal: { target: DAILY_GOAL, done: doneToday },
    mastery: masteryOf(answers),
  };
}
