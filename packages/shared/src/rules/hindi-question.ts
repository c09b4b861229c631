import { EXPLANATION_RESTATES_ANSWER_MESSAGE } from '../constants.ts';

const sameText = (value: string) => value.trim().toLowerCase();

/** The problems of a question's Hindi version, each with its path inside the question. */
export function hindiQuestionProblems(question: {
  options: ReadonlyArray<{ type: 'text' | 'image'; value: string }>;
  correctAnswerIndex: number;
  explanation?: string | null | undefined;
  hi?: { options: ReadonlyArray<string | null>; explanation?: string | null | undefined } | undefined;
}): Array<{ path: Array<string | number>; message: string }> {
  const { hi } = question;
  if (!hi) return [];
  const problems: Array<{ path: Array<string | number>; message: string }> = [];
  const shown = question.options.map((option, index) => {
    const translated = hi.options[index] ?? null;
    if (option.type === 'image' && translated !== null) {
      problems.push({
        path: ['hi', 'options', index],
        message: 'An image option has no Hindi text: write null',
      });
    }
    return sameText(translated ?? option.value);
  });
  shown.forEach((value, index) => {
    if (shown.indexOf(value) !== index) {
      problems.push({ path: ['hi', 'options', index], message: `Hindi option "${value}" appears twice` });
    }
  });
  const hasExplanation =
    question.explanation !== undefined && question.explanation !== null && question.explanation !== '';
  if (hasExplanation && !hi.explanation) {
    problems.push({ path: ['hi', 'explanation'], message: 'The Hindi version needs the explanation too' });
  }
  if (hi.explanation && !hasExplanation) {
    problems.push({
      path: ['hi', 'explanation'],
      message: 'A Hindi explanation needs an English explanation',
    });
  }
  const correct = shown[question.correctAnswerIndex];
  if (
    hi.explanation &&
    question.options[question.correctAnswerIndex]?.type === 'text' &&
    sameText(hi.explanation) === correct
  ) {
    problems.push({ path: ['hi', 'explanation'], message: EXPLANATION_RESTATES_ANSWER_MESSAGE });
  }
  return problems;
}
