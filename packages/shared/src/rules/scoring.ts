/**
 * Scoring of a quiz attempt (design.md §3: scoring happens on the server). Kept pure so the
 * server scores with it and the tests can pin every rounding case.
 */
export interface AttemptScore {
  correctCount: number;
  totalQuestions: number;
  /** The percentage in hundredths of a percent (6667 = 66.67 %), as the attempts table stores it. */
  scoreHundredths: number;
  /** The percentage with two decimals, e.g. 66.67. */
  score: number;
}

/** Turns a stored score in hundredths back into the percentage shown (two decimals). */
export function scoreFromHundredths(hundredths: number): number {
  return hundredths / 100;
}

/**
 * Scores answers against the correct option indexes: score = correct / total × 100, rounded to
 * two decimals (half up). Integer arithmetic, so 2 of 3 is exactly 66.67 and never 66.66999….
 * A quiz without questions scores 0.
 */
export function scoreAttempt(correctIndexes: readonly number[], answers: readonly number[]): AttemptScore {
  const totalQuestions = correctIndexes.length;
  const correctCount = correctIndexes.filter((correct, index) => answers[index] === correct).length;
  const scoreHundredths = totalQuestions === 0 ? 0 : Math.round((correctCount * 10_000) / totalQuestions);
  return { correctCount, totalQuestions, scoreHundredths, score: scoreFromHundredths(scoreHundredths) };
}

/** Spec §5: the client's toast when a question is unanswered; the server answers the same. */
export const ANSWER_ALL_QUESTIONS_MESSAGE = 'Please answer all questions before submitting the quiz.';

/**
 * Why a list of answers cannot be scored, or null when it can: exactly one whole option index
 * (0 to options − 1) per question. `optionCounts` holds the number of options of each question.
 */
export function answersProblem(answers: readonly unknown[], optionCounts: readonly number[]): string | null {
  if (answers.length < optionCounts.length) return ANSWER_ALL_QUESTIONS_MESSAGE;
  if (answers.length > optionCounts.length) {
    return `This quiz has ${optionCounts.length} questions, but ${answers.length} answers were sent.`;
  }
  for (const [index, options] of optionCounts.entries()) {
    const answer = answers[index];
    if (typeof answer !== 'number' || !Number.isInteger(answer) || answer < 0 || answer >= options) {
      return `The answer to question ${index + 1} must be one of its ${options} options (0 to ${options - 1}).`;
    }
  }
  return null;
}
