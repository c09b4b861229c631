import { z } from 'zod';
import { LEVEL_COUNT, SUB_LEVELS_PER_LEVEL } from '../catalogue/levels.ts';
import {
  DEFAULT_QUIZ_ATTEMPTS,
  EXPLANATION_MAX,
  EXPLANATION_RESTATES_ANSWER_MESSAGE,
  OPTIONS_PER_QUESTION,
  QUESTIONS_PER_ATTEMPT_MAX,
} from '../constants.ts';
import { generateQuiz } from '../generators/quiz.ts';
import { hindiQuestionProblems } from '../rules/hindi-question.ts';
import { GradeValue } from './auth.ts';

/**
 * The bundled content pack (docs/content-format.md): what a quiz file under
 * packages/server/content/ may contain. Objects are strict so a misspelt field is an error, not
 * silently dropped.
 */

const trimmed = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** A file directly under the pack's images/ folder: no sub-folder, no way out of the pack. */
export const ContentImagePath = z
  .string({ error: 'Image is required' })
  .regex(
    /^images\/[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*\.(?:png|jpe?g|webp|gif)$/,
    'An image must name a .png, .jpg, .webp or .gif file under images/',
  );

export const ContentOption = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('text'), value: trimmed('Option text', 200) }),
    z.strictObject({ type: z.literal('image'), value: ContentImagePath }),
  ],
  { error: 'An option is {"type": "text" | "image", "value": …}' },
);
export type ContentOption = z.output<typeof ContentOption>;

const numberField = (label: string) =>
  z.number({
    error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`),
  });

const sameText = (value: string) => value.trim().toLowerCase();

/**
 * A question's Hindi version (issue 18, decision 034): its text, its four options in the English
 * options' order (null keeps the English option: an image, a number, a name) and its explanation.
 */
export const ContentHindiQuestion = z.strictObject({
  questionText: trimmed('Hindi question text', 500),
  options: z
    .array(z.union([trimmed('Hindi option text', 200), z.null()]), {
      error: 'hi.options is a list of option texts (null keeps the English option)',
    })
    .length(OPTIONS_PER_QUESTION, `hi.options has exactly ${OPTIONS_PER_QUESTION} entries`),
  explanation: trimmed('Hindi explanation', EXPLANATION_MAX).optional(),
});
export type ContentHindiQuestion = z.output<typeof ContentHindiQuestion>;

export const ContentQuestion = z
  .strictObject({
    questionText: trimmed('Question text', 500),
    questionImage: ContentImagePath.optional(),
    options: z
      .array(ContentOption)
      .length(OPTIONS_PER_QUESTION, `A question has exactly ${OPTIONS_PER_QUESTION} options`),
    correctAnswerIndex: numberField('correctAnswerIndex')
      .int(`correctAnswerIndex must be 0 to ${OPTIONS_PER_QUESTION - 1}`)
      .min(0, `correctAnswerIndex must be 0 to ${OPTIONS_PER_QUESTION - 1}`)
      .max(OPTIONS_PER_QUESTION - 1, `correctAnswerIndex must be 0 to ${OPTIONS_PER_QUESTION - 1}`),
    /** Shown on a result under a wrong answer (decision 029); optional for now. */
    explanation: trimmed('Explanation', EXPLANATION_MAX).optional(),
    explanationImage: ContentImagePath.optional(),
    /** Show the options in the order written (for 'All of the above' or ordered numbers); otherwise each draw shuffles them. */
    keepOptionOrder: z.boolean({ error: 'keepOptionOrder must be true or false' }).optional(),
    /** The question in Hindi; a Hindi learner sees the English one where it is absent. */
    hi: ContentHindiQuestion.optional(),
  })
  .superRefine((question, context) => {
    for (const problem of hindiQuestionProblems(question)) {
      context.addIssue({ code: 'custom', ...problem });
    }
    const correct = question.options[question.correctAnswerIndex];
    if (
      question.explanation !== undefined &&
      correct?.type === 'text' &&
      sameText(question.explanation) === sameText(correct.value)
    ) {
      context.addIssue({
        code: 'custom',
        path: ['explanation'],
        message: EXPLANATION_RESTATES_ANSWER_MESSAGE,
      });
    }
    const seen = new Set<string>();
    question.options.forEach((option, index) => {
      const value = sameText(option.value);
      if (seen.has(value)) {
        context.addIssue({
          code: 'custom',
          path: ['options', index, 'value'],
          message: `Option "${option.value}" appears twice`,
        });
      }
      seen.add(value);
    });
  });
export type ContentQuestion = z.output<typeof ContentQuestion>;

const SUB_LEVEL_PATTERN = /^L(\d+)-C(\d+)$/;

/** What is wrong with a generated quiz's settings, or null (decision 033). */
function generatedQuizProblem(quiz: {
  level: number;
  questionsPerAttempt?: number | undefined;
  questions: unknown[];
  generator?: { grade: string; generatorIds?: string[] | undefined } | undefined;
}): string | null {
  if (!quiz.generator) return null;
  if (quiz.level !== 0) return 'A generated quiz is a practice quiz (level 0)';
  if (quiz.questions.length > 0) return 'A generated quiz has no questions of its own';
  if (quiz.questionsPerAttempt === undefined) return 'A generated quiz needs questionsPerAttempt';
  try {
    // A trial draw: unknown generators, ones that do not suit the grade or too few different
    // questions for the count fail here rather than in a learner's attempt.
    generateQuiz({
      seed: 'content-check',
      grade: quiz.generator.grade,
      count: quiz.questionsPerAttempt,
      ...(quiz.generator.generatorIds ? { generatorIds: quiz.generator.generatorIds } : {}),
    });
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export const ContentQuiz = z
  .strictObject({
    key: z
      .string({ error: 'key is required' })
      .max(100, 'key must be at most 100 characters')
      .regex(/^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/, 'key is letters, digits and single dashes'),
    title: trimmed('Title', 120),
    category: trimmed('Category', 60),
    grades: z
      .array(GradeValue)
      .min(1, 'A quiz is for at least one grade')
      .refine((grades) => new Set(grades).size === grades.length, 'A grade appears twice'),
    level: numberField('level')
      .int(`level must be 0 (practice) to ${LEVEL_COUNT}`)
      .min(0, `level must be 0 (practice) to ${LEVEL_COUNT}`)
      .max(LEVEL_COUNT, `level must be 0 (practice) to ${LEVEL_COUNT}`),
    subLevel: z.string().optional(),
    showByDefault: z.boolean({ error: 'showByDefault must be true or false' }),
    attemptsAllowed: numberField('attemptsAllowed')
      .int('attemptsAllowed must be 1 to 100')
      .min(1, 'attemptsAllowed must be 1 to 100')
      .max(100, 'attemptsAllowed must be 1 to 100')
      .default(DEFAULT_QUIZ_ATTEMPTS),
    learnMoreLink: z
      .url({
        protocol: /^https?$/,
        hostname: z.regexes.domain,
        error: 'learnMoreLink must be an http(s) link',
      })
      .max(2000)
      .optional(),
    /** How many of the quiz's questions one attempt shows (a fresh draw each time); absent: all. */
    questionsPerAttempt: numberField('questionsPerAttempt')
      .int(`questionsPerAttempt must be 1 to ${QUESTIONS_PER_ATTEMPT_MAX}`)
      .min(1, `questionsPerAttempt must be 1 to ${QUESTIONS_PER_ATTEMPT_MAX}`)
      .max(QUESTIONS_PER_ATTEMPT_MAX, `questionsPerAttempt must be 1 to ${QUESTIONS_PER_ATTEMPT_MAX}`)
      .optional(),
    /**
     * A generated Maths quiz (decision 033): no questions of its own; every draw is
     * questionsPerAttempt fresh questions from the generators for `grade`.
     */
    generator: z
      .strictObject({
        grade: GradeValue,
        generatorIds: z.array(z.string()).min(1, 'generatorIds lists at least one generator').optional(),
      })
      .optional(),
    questions: z.array(ContentQuestion).default([]),
    /** The quiz's title in Hindi (issue 18). */
    hi: z.strictObject({ title: trimmed('Hindi title', 120) }).optional(),
  })
  .superRefine((quiz, context) => {
    if (quiz.generator === undefined) {
      if (quiz.questions.length === 0) {
        context.addIssue({
          code: 'custom',
          path: ['questions'],
          message: 'A quiz has at least one question',
        });
      }
    } else {
      const problem = generatedQuizProblem(quiz);
      if (problem) context.addIssue({ code: 'custom', path: ['generator'], message: problem });
    }
    if (
      quiz.generator === undefined &&
      quiz.questionsPerAttempt !== undefined &&
      quiz.questionsPerAttempt > quiz.questions.length
    ) {
      context.addIssue({
        code: 'custom',
        path: ['questionsPerAttempt'],
        message: `questionsPerAttempt is ${quiz.questionsPerAttempt} but the quiz has only ${quiz.questions.length} questions`,
      });
    }
    if (quiz.level === 0) {
      if (quiz.subLevel !== undefined) {
        context.addIssue({
          code: 'custom',
          path: ['subLevel'],
          message: 'A practice quiz (level 0) has no subLevel',
        });
      }
    } else {
      const match = SUB_LEVEL_PATTERN.exec(quiz.subLevel ?? '');
      const subIndex = Number(match?.[2]);
      if (!match || Number(match[1]) !== quiz.level || subIndex < 1 || subIndex > SUB_LEVELS_PER_LEVEL) {
        context.addIssue({
          code: 'custom',
          path: ['subLevel'],
          message: `A level ${quiz.level} quiz needs subLevel L${quiz.level}-C1 … L${quiz.level}-C${SUB_LEVELS_PER_LEVEL}`,
        });
      }
    }
    const seen = new Set<string>();
    quiz.questions.forEach((question, index) => {
      const text = sameText(question.questionText);
      if (seen.has(text)) {
        context.addIssue({
          code: 'custom',
          path: ['questions', index, 'questionText'],
          message: `Question text "${question.questionText}" appears twice in this quiz`,
        });
      }
      seen.add(text);
    });
  });
export type ContentQuiz = z.output<typeof ContentQuiz>;
export type ContentQuizInput = z.input<typeof ContentQuiz>;

/** A list of quizzes with unique keys and titles: one content file, and the whole pack as well. */
export const ContentPack = z
  .array(ContentQuiz, { error: 'A content file is a JSON array of quizzes' })
  .min(1, 'A content file holds at least one quiz')
  .superRefine((quizzes, context) => {
    const keys = new Set<string>();
    const titles = new Set<string>();
    quizzes.forEach((quiz, index) => {
      if (keys.has(quiz.key)) {
        context.addIssue({
          code: 'custom',
          path: [index, 'key'],
          message: `key "${quiz.key}" is used twice`,
        });
      }
      keys.add(quiz.key);
      const title = sameText(quiz.title);
      if (titles.has(title)) {
        context.addIssue({
          code: 'custom',
          path: [index, 'title'],
          message: `Title "${quiz.title}" is used twice`,
        });
      }
      titles.add(title);
    });
  });
export type ContentPack = z.output<typeof ContentPack>;
