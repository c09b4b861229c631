import {
  ADMIN_ATTEMPTS_MAX,
  ADMIN_QUESTIONS_MAX,
  AdminQuizInput,
  ATTEMPTS_MESSAGE,
  CATEGORY_REQUIRED_MESSAGE,
  correctAnswerMessage,
  DEFAULT_QUIZ_ATTEMPTS,
  EXPLANATION_MAX,
  EXPLANATION_RESTATES_ANSWER_MESSAGE,
  explanationTooLongMessage,
  findLevel,
  GRADES_REQUIRED_MESSAGE,
  hindiTextRequiredMessage,
  LEARN_MORE_LINK_MESSAGE,
  OPTIONS_PER_QUESTION,
  QUESTIONS_PER_ATTEMPT_MESSAGE,
  questionsPerAttemptTooManyMessage,
  subLevelRequiredMessage,
  type AdminHindiQuestionInput,
  type AdminQuestion,
  type AdminQuizDetail,
} from '@quizquest/shared';
import { translate } from '../../../i18n/i18n.ts';

/** The quiz form's working copy (spec §4 Admin form, §5 Admin quiz form). */
export type OptionType = 'text' | 'image';

export interface OptionDraft {
  type: OptionType;
  /** Text, or an image as a data string (new) or its URL (already saved). */
  value: string;
}

/**
 * A question's Hindi version beside the English (issue 18, decision 034); '' for a field not
 * written. An empty Hindi option shows the English option; an image option has no Hindi text.
 */
export interface HindiQuestionDraft {
  questionText: string;
  /** One per English option, in the same order. */
  options: string[];
  explanation: string;
}

export interface QuestionDraft {
  /** A stable React key while questions are added and removed. */
  key: string;
  /**
   * The saved question's id, sent back so an edit keeps its statistics and review-box place
   * (decision 031); null for a question added in this form.
   */
  _id: string | null;
  questionText: string;
  /** '' when the question has no image. */
  questionImage: string;
  options: OptionDraft[];
  correctAnswerIndex: number;
  /** Shown to a learner on the result under a wrong answer (decision 029); '' for none. */
  explanation: string;
  /** '' when the explanation has no image; a data string (new) or its URL (saved). */
  explanationImage: string;
  /** Options shown as written ('All of the above', numbers in order) instead of shuffled per draw. */
  keepOptionOrder: boolean;
  /** All fields empty: the question has no Hindi version. */
  hi: HindiQuestionDraft;
}

export interface QuizDraft {
  title: string;
  /** The quiz's title in Hindi (decision 034); '' for none. */
  hiTitle: string;
  /** A category of the list, '' for none, or NEW_CATEGORY while a new one is being named. */
  category: string;
  newCategory: string;
  grades: string[];
  /** 0 = practice, 1 to 10 = certification level. */
  level: number;
  subLevel: string;
  showByDefault: boolean;
  learnMoreLink: string;
  /** Attempts allowed per learner (spec §3 quizLimits). */
  attemptsAllowed: number;
  /** Questions one attempt draws afresh from the pool (decision 031); null (empty) for all of them. */
  questionsPerAttempt: number | null;
  questions: QuestionDraft[];
}

/** The value of the category select's '+ Add New Category' choice. */
export const NEW_CATEGORY = '__new__';

let keySeed = 0;
export function questionKey(): string {
  keySeed += 1;
  return `question-${keySeed}`;
}

export function emptyQuestion(): QuestionDraft {
  return {
    key: questionKey(),
    _id: null,
    questionText: '',
    questionImage: '',
    options: Array.from({ length: OPTIONS_PER_QUESTION }, () => ({ type: 'text' as const, value: '' })),
    correctAnswerIndex: 0,
    explanation: '',
    explanationImage: '',
    keepOptionOrder: false,
    hi: emptyHindiQuestion(),
  };
}

export function emptyHindiQuestion(): HindiQuestionDraft {
  return {
    questionText: '',
    options: Array.from({ length: OPTIONS_PER_QUESTION }, () => ''),
    explanation: '',
  };
}

export function emptyDraft(): QuizDraft {
  return {
    title: '',
    hiTitle: '',
    category: '',
    newCategory: '',
    grades: [],
    level: 0,
    subLevel: '',
    showByDefault: false,
    learnMoreLink: '',
    attemptsAllowed: DEFAULT_QUIZ_ATTEMPTS,
    questionsPerAttempt: null,
    questions: [emptyQuestion()],
  };
}

/** Spec §5: sub-levels follow the level, and choosing a level preselects its first sub-level. */
export function withLevel(draft: QuizDraft, level: number): QuizDraft {
  const first = findLevel(level)?.subLevels[0]?.id ?? '';
  return { ...draft, level, subLevel: level === 0 ? '' : first };
}

/**
 * The first rule the draft breaks, as the text to show in the language shown now, or null when it
 * may be sent. The rules of spec §5 come first with their own words, then the rest of the shared
 * schema the server applies.
 */
export function draftProblem(draft: QuizDraft): string | null {
  if (draft.title.trim() === '') return translate('admin.quizDraft.titleRequired');
  if (draft.category === NEW_CATEGORY && draft.newCategory.trim() === '') {
    return translate('admin.quizDraft.newCategoryRequired');
  }
  for (const [index, question] of draft.questions.entries()) {
    const n = index + 1;
    if (question.questionText.trim() === '' && question.questionImage === '') {
      return translate('admin.quizDraft.questionTextOrImage', { n });
    }
    if (question.options.some((option) => option.value.trim() === '')) {
      return translate('admin.quizDraft.allOptionsFilled', { n });
    }
  }
  const parsed = AdminQuizInput.safeParse(draftToPayload(draft));
  if (parsed.success) return null;
  const [issue] = parsed.error.issues;
  return issue ? schemaProblem(draft, issue) : translate('admin.quizDraft.checkQuiz');
}

/**
 * The shared schema's words (English, the server's too) for a rule the form can break, in the
 * language shown now; a rule the form's controls cannot break keeps the schema's words.
 */
function schemaProblem(draft: QuizDraft, issue: { message: string; path: readonly PropertyKey[] }): string {
  const [, index] = issue.path;
  const n = typeof index === 'number' ? index + 1 : 0;
  switch (issue.message) {
    case CATEGORY_REQUIRED_MESSAGE:
      return translate('admin.quizDraft.categoryRequired');
    case GRADES_REQUIRED_MESSAGE:
      return translate('admin.quizDraft.gradesRequired');
    case LEARN_MORE_LINK_MESSAGE:
      return translate('admin.quizDraft.learnMoreLink');
    case ATTEMPTS_MESSAGE:
      return translate('admin.quizDraft.attemptsAllowed', { max: ADMIN_ATTEMPTS_MAX });
    case QUESTIONS_PER_ATTEMPT_MESSAGE:
      return translate('admin.quizDraft.questionsPerAttempt', { max: ADMIN_QUESTIONS_MAX });
    case questionsPerAttemptTooManyMessage(draft.questions.length):
      return translate('admin.quizDraft.questionsPerAttemptTooMany', { count: draft.questions.length });
    case subLevelRequiredMessage(draft.level):
      return translate('admin.quizDraft.subLevelRequired', { level: draft.level });
    case correctAnswerMessage(n):
      return translate('admin.quizDraft.correctAnswer', { n, options: OPTIONS_PER_QUESTION });
    case explanationTooLongMessage(n):
      return translate('admin.quizDraft.explanationTooLong', { n, max: EXPLANATION_MAX });
    case hindiTextRequiredMessage(n):
      return translate('admin-quiz.quizDraft.hindiTextRequired', { n });
    default:
      return hindiProblem(issue.message, n) ?? issue.message;
  }
}

/**
 * The Hindi version's problems (shared `hindiQuestionProblems`, which the schema reports as
 * 'Question N: …') in the language shown now; null for any other message.
 */
function hindiProblem(message: string, n: number): string | null {
  const prefix = `Question ${n}: `;
  if (!message.startsWith(prefix)) return null;
  const problem = message.slice(prefix.length);
  const twice = /^Hindi option "(.*)" appears twice$/s.exec(problem);
  if (twice) return translate('admin-quiz.quizDraft.hindiOptionTwice', { n, option: twice[1] ?? '' });
  switch (problem) {
    case 'The Hindi version needs the explanation too':
      return translate('admin-quiz.quizDraft.hindiExplanationRequired', { n });
    case 'A Hindi explanation needs an English explanation':
      return translate('admin-quiz.quizDraft.englishExplanationRequired', { n });
    case EXPLANATION_RESTATES_ANSWER_MESSAGE:
      return translate('admin-quiz.quizDraft.hindiExplanationRestatesAnswer', { n });
    default:
      return null;
  }
}

/** The saved Hindi version as form fields: '' where it keeps the English (or has none). */
function hindiToDraft(hindi: AdminQuestion['hi']): HindiQuestionDraft {
  if (!hindi) return emptyHindiQuestion();
  return {
    questionText: hindi.questionText,
    options: Array.from({ length: OPTIONS_PER_QUESTION }, (_, i) => hindi.options[i] ?? ''),
    explanation: hindi.explanation ?? '',
  };
}

/**
 * The Hindi version as the server takes it, or undefined when every field is empty: a question
 * sent without one has none, so clearing the fields removes a saved Hindi version.
 */
function hindiToPayload(question: QuestionDraft): AdminHindiQuestionInput | undefined {
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  const options = question.options.map((option, i) =>
    // An image option shows its image in Hindi too.
    option.type === 'image' ? null : text(question.hi.options[i] ?? ''),
  );
  const questionText = text(question.hi.questionText);
  const explanation = text(question.hi.explanation);
  if (questionText === null && explanation === null && options.every((option) => option === null)) {
    return undefined;
  }
  return { questionText, options, explanation };
}

/** The edit form's starting point: the saved quiz, images as their URLs. */
export function detailToDraft(quiz: AdminQuizDetail): QuizDraft {
  return {
    title: quiz.title,
    hiTitle: quiz.hi?.title ?? '',
    category: quiz.category ?? '',
    newCategory: '',
    grades: quiz.grades,
    level: quiz.level,
    subLevel: quiz.subLevel ?? '',
    showByDefault: quiz.showByDefault,
    learnMoreLink: quiz.learnMoreLink ?? '',
    attemptsAllowed: quiz.attemptsAllowed,
    questionsPerAttempt: quiz.questionsPerAttempt,
    questions: quiz.questions.map((question) => ({
      key: questionKey(),
      _id: question._id,
      questionText: question.questionText,
      questionImage: question.questionImage ?? '',
      options: Array.from(
        { length: OPTIONS_PER_QUESTION },
        (_, i) => question.options[i] ?? { type: 'text', value: '' },
      ),
      correctAnswerIndex: question.correctAnswerIndex,
      explanation: question.explanation ?? '',
      explanationImage: question.explanationImage ?? '',
      keepOptionOrder: question.keepOptionOrder,
      hi: hindiToDraft(question.hi),
    })),
  };
}

/** The body of POST /admin/quizzes/add and PUT /admin/quizzes/{id} (spec §7). */
export function draftToPayload(draft: QuizDraft): AdminQuizInput {
  const category = draft.category === NEW_CATEGORY ? draft.newCategory.trim() : draft.category;
  const hiTitle = draft.hiTitle.trim();
  return {
    title: draft.title.trim(),
    // Sent only when written, like each question's Hindi version: absent is none.
    ...(hiTitle === '' ? {} : { hi: { title: hiTitle } }),
    category,
    grades: draft.grades,
    level: draft.level,
    subLevel: draft.level === 0 ? null : draft.subLevel,
    showByDefault: draft.showByDefault,
    learnMoreLink: draft.learnMoreLink.trim() === '' ? null : draft.learnMoreLink.trim(),
    attemptsAllowed: draft.attemptsAllowed,
    questionsPerAttempt: draft.questionsPerAttempt,
    questions: draft.questions.map((question) => {
      const hi = hindiToPayload(question);
      return {
        // A question added in the form has no id: the server gives it one.
        ...(question._id === null ? {} : { _id: question._id }),
        questionText: question.questionText.trim(),
        questionImage: question.questionImage === '' ? null : question.questionImage,
        correctAnswerIndex: question.correctAnswerIndex,
        options: question.options.map((option) => ({
          type: option.type,
          value: option.type === 'text' ? option.value.trim() : option.value,
        })),
        explanation: question.explanation.trim() === '' ? null : question.explanation.trim(),
        explanationImage: question.explanationImage === '' ? null : question.explanationImage,
        keepOptionOrder: question.keepOptionOrder,
        ...(hi === undefined ? {} : { hi }),
      };
    }),
  };
}
