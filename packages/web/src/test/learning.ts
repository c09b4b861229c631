import type { LearningSummaryResponse } from '@quizquest/shared';

/** A learning summary (decision 030): a streak of `current` days, `done` of a one-quiz goal today. */
export function learningSummaryOf(current: number, done: number): LearningSummaryResponse {
  return {
    timeZone: 'Asia/Kolkata',
    today: '2026-03-06',
    streak: { current, goalMetToday: done > 0 },
    dailyGoal: { target: 1, done },
    mastery: [],
    reviewDue: 0,
  };
}
