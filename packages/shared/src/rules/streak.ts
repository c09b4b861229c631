import { addDays } from './local-day.ts';

/**
 * Days in a row with at least one finished quiz or review (design.md §7), counted on the
 * learner's local calendar (localDay). A streak is still alive on a day the child has not yet
 * played, as long as they played yesterday: today is not over. The daily goal is one finished
 * quiz or review today. Nothing here counts what was lost: the screen never shames a child.
 */
export interface StreakState {
  /** Days in a row up to today (or up to yesterday while today is still open). */
  current: number;
  goalMetToday: boolean;
}

export function streakState(activeDays: Iterable<string>, today: string): StreakState {
  const days = new Set(activeDays);
  const goalMetToday = days.has(today);
  let day = goalMetToday ? today : addDays(today, -1);
  let current = 0;
  while (days.has(day)) {
    current += 1;
    day = addDays(day, -1);
  }
  return { current, goalMetToday };
}
