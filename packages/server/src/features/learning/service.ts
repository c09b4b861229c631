import type { LearningSummaryResponse } from '@quizquest/shared';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../lib/http-error.ts';
import { learnersStanding } from '../../lib/learner-progress.ts';
import * as queries from './queries.ts';

export const DAILY_GOAL = 1;

/**
 * The signed-in learner's streak, daily goal and mastery per category (issue 16, decision 030).
 * Days are the learner's local calendar days; finished quizzes and review sessions count
 * (lib/learner-progress.ts, which the parent's report reads too).
 */
export async function learningSummary(deps: AppDeps, userId: string): Promise<LearningSummaryResponse> {
  const stored = await queries.learnerTimeZone(deps.db, userId);
  if (stored === null) throw notFound('Account not found');
  const now = deps.now();
  const [progress, reviewDue] = await Promise.all([
    learnersStanding(deps, [{ id: userId, timeZone: stored }], now),
    queries.reviewDueCount(deps.db, userId, now),
  ]);
  const learner = progress.get(userId);
  if (!learner) throw notFound('Account not found');
  return {
    timeZone: learner.timeZone,
    today: learner.today,
    streak: learner.streak,
    dailyGoal: { target: DAILY_GOAL, done: learner.finishedToday },
    mastery: learner.mastery,
    reviewDue,
  };
}
