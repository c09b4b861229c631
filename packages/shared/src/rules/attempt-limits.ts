/**
 * The two limits on attempts (design.md §5): a quiz's own attempts limit, and the plan's cap on
 * distinct practice quizzes. The server enforces both inside the submit transaction; the web
 * app uses the same functions to show 'Attempts Remaining' and 'Upgrade Now'.
 */

/** Spec §8: shown as a warning when a submission is refused for this reason. */
export const ATTEMPT_LIMIT_MESSAGE = 'Attempt limit reached for this quiz';

/** Spec §8: the distinct-quiz maximum of the learner's plan is reached. */
export function maxQuizzesMessage(maxQuizzes: number): string {
  return `Max ${maxQuizzes} Quizzes can be attempted. Upgrade Now.`;
}

/** Attempts left on one quiz: allowed minus used, never below zero. */
export function remainingAttempts(attemptsAllowed: number, attemptsUsed: number): number {
  return Math.max(0, attemptsAllowed - attemptsUsed);
}

/** True once a learner has attempted as many distinct practice quizzes as the plan allows (null = unlimited). */
export function distinctQuizCapReached(maxQuizzes: number | null, distinctQuizzesAttempted: number): boolean {
  return maxQuizzes !== null && distinctQuizzesAttempted >= maxQuizzes;
}

/**
 * Whether the plan lets the learner start a practice quiz (spec §4 Practice list, decision 023):
 * once the distinct-quiz maximum is reached, every start becomes Upgrade Now, re-attempts of
 * quizzes already attempted included. The server refuses what the list refuses.
 */
export function planAllowsPracticeQuiz(input: {
  maxQuizzes: number | null;
  distinctQuizzesAttempted: number;
}): boolean {
  return !distinctQuizCapReached(input.maxQuizzes, input.distinctQuizzesAttempted);
}
