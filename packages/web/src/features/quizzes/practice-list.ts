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
 * The button of a quiz card (spec §2, §4 Practice list; decision 023): No Attempts Left when the
 * quiz's own attempts are used up (an upgrade would not add any: every plan allows 3); otherwise
 * Upgrade Now once the plan's distinct-quiz cap is reached, for every quiz, attempted or not (the
 * server refuses those attempts too); else Start Quiz.
 */
export function cardAction(
  quiz: Pick<PublishedQuiz, 'quizLimits' | 'attemptCount'>,
  limits: PracticeLimits | null,
): CardAction {
  if (attemptsRemainingOnList(quiz) === 0) return 'no-attempts-left';
  const allowedByPlan =
    limits === null ||
    planAllowsPracticeQuiz({
      maxQuizzes: limits.maxQuizLimit,
      distinctQuizzesAttempted: limits.distinctQuizzesAttempted,
    });
  return allowedByPlan ? 'start' : 'upgrade';
}
