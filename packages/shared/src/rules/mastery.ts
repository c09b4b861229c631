/**
 * Mastery of a category (design.md §7), from the learner's recent answers in it, newest first:
 * - Attempted: answered something, but fewer than MASTERY_MIN_ANSWERS or below 70 %;
 * - Familiar: at least 70 % of the recent answers right;
 * - Proficient: at least 90 %;
 * - Mastered: the last 10 answers all right, at least one of them in a review (the child
 *   remembered it later, not only right after reading it).
 * Percentages need MASTERY_MIN_ANSWERS answers, so one lucky answer is not "Proficient".
 */
export const MASTERY_LEVELS = ['attempted', 'familiar', 'proficient', 'mastered'] as const;
export type MasteryLevel = (typeof MASTERY_LEVELS)[number];

/** How many recent answers count. */
export const MASTERY_WINDOW = 20;
export const MASTERY_MIN_ANSWERS = 10;

export interface RecentAnswer {
  correct: boolean;
  /** Answered in a review session. */
  review: boolean;
}

/** null when the learner has not answered anything in the category. */
export function masteryLevel(newestFirst: readonly RecentAnswer[]): MasteryLevel | null {
  if (newestFirst.length === 0) return null;
  const recent = newestFirst.slice(0, MASTERY_WINDOW);
  if (recent.length < MASTERY_MIN_ANSWERS) return 'attempted';
  const lastTen = recent.slice(0, MASTERY_MIN_ANSWERS);
  if (lastTen.every((answer) => answer.correct) && lastTen.some((answer) => answer.review)) return 'mastered';
  const accuracy = recent.filter((answer) => answer.correct).length / recent.length;
  if (accuracy >= 0.9) return 'proficient';
  if (accuracy >= 0.7) return 'familiar';
  return 'attempted';
}
