/**
 * What a result reveals (design.md §7, decision 023). A practice result shows the correct answer
 * of every question at once. A certification result marks each answer correct or incorrect (spec
 * §2 Result) and shows the correct answers only once they can no longer help earn the sub-level:
 * when it is earned, or when no attempt of the quiz remains. Otherwise a failed attempt would hand
 * over the answer key and the retake would score 100%. Admins see the answers in the quiz editor
 * anyway, so a result they view reveals them too.
 */

export interface AnswerRevealInput {
  /** 0 for a practice quiz, 1 to 10 for a certification level. */
  level: number;
  /** The attempt's owner has earned the certification of the quiz's sub-level. */
  subLevelEarned: boolean;
  /** Attempts of this quiz the owner has left (0 when the quiz can no longer be attempted). */
  attemptsRemaining: number;
  /** The result is read by an admin. */
  viewerIsAdmin: boolean;
}

/** True when a result may carry the correct answers of its questions. */
export function revealsCorrectAnswers(input: AnswerRevealInput): boolean {
  if (input.level < 1 || input.viewerIsAdmin) return true;
  return input.subLevelEarned || input.attemptsRemaining <= 0;
}

/** A question as stored in an attempt's snapshot: with its correct answer. */
export interface AnsweredQuestion<Option> {
  questionText: string;
  questionImage: string | null;
  options: Option[];
  correctAnswerIndex: number;
  /** Why the correct answer is right (decision 029); absent in snapshots older than explanations. */
  explanation?: string | null | undefined;
  explanationImage?: string | null | undefined;
}

/** A question of a result: each answer marked; the correct answer only when revealed. */
export type MarkedQuestion<Option> = Omit<
  AnsweredQuestion<Option>,
  'correctAnswerIndex' | 'explanation' | 'explanationImage'
> & {
  /** The learner's answer to this question was the correct one. */
  isCorrect: boolean;
  correctAnswerIndex?: number;
  explanation?: string | null;
  explanationImage?: string | null;
};

/**
 * The questions of a result: each marked correct or incorrect from the learner's answers, and
 * carrying `correctAnswerIndex`, `explanation` and `explanationImage` only when `reveal` is true
 * (the keys are left out, not nulled; a question without an explanation has null). An
 * explanation gives the answer away, so it follows exactly the rule of the answer key.
 */
export function markedQuestions<Option>(
  questions: ReadonlyArray<AnsweredQuestion<Option>>,
  answers: readonly number[],
  reveal: boolean,
): Array<MarkedQuestion<Option>> {
  return questions.map((question, index) => {
    const marked: MarkedQuestion<Option> = {
      questionText: question.questionText,
      questionImage: question.questionImage,
      options: [...question.options],
      isCorrect: answers[index] === question.correctAnswerIndex,
    };
    if (reveal) {
      marked.correctAnswerIndex = question.correctAnswerIndex;
      marked.explanation = question.explanation ?? null;
      marked.explanationImage = question.explanationImage ?? null;
    }
    return marked;
  });
}
