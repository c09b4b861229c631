import {
  DEFAULT_QUIZ_ATTEMPTS,
  planAllowsPracticeQuiz,
  remainingAttempts,
  type PublishedQuiz,
} from '@quizquest/shared';

/** The plan's cap on distinct practice quizzes as the history reports it; null cap = unlimited. */
export interface PracticeLimits {
  maxQuizLimit: number | null;
  distinctQuizzesAttempted: number;
}

/** Spec §9: the practice list counts 3 attempts for a quiz without a limit of its own. */
export function attemptsAllowedOnList(quiz: Pick<PublishedQuiz, 'quizLimits'>): number {
  return quiz.quizLimits > 0 ? quiz.quizLimits : DEFAULT_QUIZ_ATTEMPTS;
}

export function attemptsRemainingOnList(quiz: Pick<PublishedQuiz, 'quizLimits' | 'attemptCount'>): number {
  return remainingAttempts(attemptsAllowedOnList(quiz), quiz.attemptCount);
}

export type CardAction = 'start' | 'no-attempts-left' | 'upgrade';

/**
 * The button of a quiz card (spec §2): Upgrade Now once the plan's distinct-quiz cap is reached
 * (a quiz already attempted does not count again, so it keeps its own button, as the server
 * accepts it), No Attempts Left when the quiz's attempts are used up, else Start Quiz.
 */
export function cardAction(
  quiz: Pick<PublishedQuiz, 'quizLimits' | 'attemptCount'>,
  limits: PracticeLimits | null,
): CardAction {
  const allowedByPlan =
    limits === null ||
    planAllowsPracticeQuiz({
      maxQuizzes: limits.maxQuizLimit,
      distinctQuizzesAttempted: limits.distinctQuizzesAttempted,
      alreadyAttempted: quiz.attemptCount > 0,
    });
  if (!allowedByPlan) return 'upgrade';
  return attemptsRemainingOnList(quiz) === 0 ? 'no-attempts-left' : 'start';
}
