import { z } from 'zod';
import { isGradeValue } from '../catalogue/grades.ts';
import { boundedInstant } from './dates.ts';

/**
 * Payloads of the learner's quiz API (spec §3 Quiz, Question, Attempt, Result, History response;
 * §7 /quizzes/*). A learner's quiz payload never carries the correct answers: only the result of
 * an attempt (built from its snapshot) reveals them.
 */

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The grade value inside the base64 the client sends (spec §7), or null when it is not one. */
export function decodeGradeParam(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.length > 64 || !BASE64.test(trimmed)) return null;
  let decoded: string;
  try {
    decoded = atob(trimmed);
  } catch {
    return null;
  }
  return isGradeValue(decoded) ? decoded : null;
}

/** What the client sends for a grade: base64 of its value ('c-3' → 'Yy0z'). */
export function encodeGradeParam(grade: string): string {
  return btoa(grade);
}

export const GRADE_PARAM_MESSAGE = 'Choose a grade from the list';
/** 404 for a quiz id that names no live quiz (learner and admin routes alike). */
export const QUIZ_NOT_FOUND_MESSAGE = 'Quiz not found';

/** A base64 grade, decoded to its value. */
export const Base64Grade = z.string({ error: 'The grade is required' }).transform((value, context) => {
  const grade = decodeGradeParam(value);
  if (grade === null) {
    context.addIssue({ code: 'custom', message: GRADE_PARAM_MESSAGE });
    return z.NEVER;
  }
  return grade;
});

export const QuizCategoriesQuery = z.object({ param: Base64Grade });
export type QuizCategoriesQuery = z.input<typeof QuizCategoriesQuery>;

export const QuizCategoriesResponse = z.object({ categories: z.array(z.string()) });
export type QuizCategoriesResponse = z.infer<typeof QuizCategoriesResponse>;

export const PublishedQuizzesRequest = z.object({
  category: z
    .string({ error: 'The category must be text' })
    .trim()
    .max(100, 'The category must be at most 100 characters')
    .nullish(),
  grade: Base64Grade,
});
export type PublishedQuizzesRequest = z.input<typeof PublishedQuizzesRequest>;

/** A practice quiz in the list (spec §3 Quiz): no questions, no answers. */
export const PublishedQuiz = z.object({
  _id: z.string(),
  title: z.string(),
  category: z.string().nullable(),
  grades: z.array(z.string()),
  level: z.number().int(),
  subLevel: z.string().nullable(),
  showByDefault: z.boolean(),
  learnMoreLink: z.string().nullable(),
  /** Attempts allowed on this quiz. */
  quizLimits: z.number().int(),
  /** The learner's attempts on this quiz so far. */
  attemptCount: z.number().int(),
  totalQuestions: z.number().int(),
});
export type PublishedQuiz = z.infer<typeof PublishedQuiz>;

export const PublishedQuizzesResponse = z.object({ quizzes: z.array(PublishedQuiz) });
export type PublishedQuizzesResponse = z.infer<typeof PublishedQuizzesResponse>;

export const QuizOption = z.object({ type: z.enum(['text', 'image']), value: z.string() });
export type QuizOption = z.infer<typeof QuizOption>;

/** A question as a learner sees it while attempting: text, image URL and options, nothing more. */
export const AttemptQuestion = z.object({
  _id: z.string(),
  questionText: z.string(),
  questionImage: z.string().nullable(),
  options: z.array(QuizOption),
});
export type AttemptQuestion = z.infer<typeof AttemptQuestion>;

export const QuizIdParams = z.object({ quizId: z.string() });
export const AttemptIdParams = z.object({ attemptId: z.string() });

/** GET /quizzes/{quizId}: the quiz with its questions, for the attempt page. */
export const QuizAttemptResponse = z.object({
  _id: z.string(),
  title: z.string(),
  category: z.string().nullable(),
  grades: z.array(z.string()),
  /** 0 = practice; 1 to 10 = certification level. */
  level: z.number().int(),
  /** 'Level N' for a certification quiz, null for practice. */
  levelName: z.string().nullable(),
  subLevel: z.string().nullable(),
  learnMoreLink: z.string().nullable(),
  quizLimits: z.number().int(),
  attemptCount: z.number().int(),
  totalQuestions: z.number().int(),
  questions: z.array(AttemptQuestion),
});
export type QuizAttemptResponse = z.infer<typeof QuizAttemptResponse>;

export const AnswerIndex = z
  .number({ error: 'Each answer must be the number of an option' })
  .int('Each answer must be the number of an option')
  .min(0, 'Each answer must be the number of an option');

/**
 * A submission without a pending draw (decision 031): the quiz was not opened, or this draw was
 * submitted already (another tab, a double click). The attempt page opens the quiz again.
 */
export const NO_PENDING_DRAW_MESSAGE =
  'These answers were already submitted, or the quiz was not opened. Please open the quiz again.';

export const SubmitQuizRequest = z.object({
  answers: z
    .array(AnswerIndex, { error: 'Answers are required: one option number per question' })
    .max(1000, 'Too many answers'),
});
export type SubmitQuizRequest = z.infer<typeof SubmitQuizRequest>;

export const SubmitQuizResponse = z.object({
  attemptId: z.string(),
  /** Percentage with two decimals. */
  score: z.number(),
  correctCount: z.number().int(),
  totalQuestions: z.number().int(),
});
export type SubmitQuizResponse = z.infer<typeof SubmitQuizResponse>;

/**
 * A question as it was attempted, in a result: the learner's answer marked correct or incorrect,
 * and the correct answer only when the reveal rule allows it (rules/answer-reveal.ts): always for
 * practice, for certification once the sub-level is earned or no attempt remains. Hidden, the key
 * is absent, not null.
 */
export const ResultQuestion = z.object({
  questionText: z.string(),
  questionImage: z.string().nullable(),
  options: z.array(QuizOption),
  /** The learner's answer to this question was the correct one. */
  isCorrect: z.boolean(),
  correctAnswerIndex: z.number().int().optional(),
  /**
   * Why the correct answer is right (decision 029), under the same rule as correctAnswerIndex:
   * absent when the answers are hidden, null when the question has none.
   */
  explanation: z.string().nullable().optional(),
  /** The explanation's image URL, as explanation. */
  explanationImage: z.string().nullable().optional(),
});
export type ResultQuestion = z.infer<typeof ResultQuestion>;

/** GET /quizzes/result/{attemptId} (spec §3 Result). */
export const QuizResultResponse = z.object({
  quizId: z.string(),
  quizTitle: z.string(),
  score: z.number(),
  correctCount: z.number().int(),
  totalQuestions: z.number().int(),
  questions: z.array(ResultQuestion),
  answers: z.array(z.number().int()),
  /** The questions carry their correct answers (see ResultQuestion). */
  answersRevealed: z.boolean(),
  level: z.number().int(),
  subLevel: z.string().nullable(),
  submittedAt: z.string(),
});
export type QuizResultResponse = z.infer<typeof QuizResultResponse>;

export const QUIZ_HISTORY_DEFAULT_LIMIT = 100;
export const QUIZ_HISTORY_MAX_LIMIT = 500;

export const QuizHistoryQuery = z.object({
  type: z.enum(['practice', 'certification'], { error: 'type is practice or certification' }).optional(),
  limit: z.coerce
    .number({ error: `limit is a number from 1 to ${QUIZ_HISTORY_MAX_LIMIT}` })
    .int(`limit is a number from 1 to ${QUIZ_HISTORY_MAX_LIMIT}`)
    .min(1, `limit is a number from 1 to ${QUIZ_HISTORY_MAX_LIMIT}`)
    .max(QUIZ_HISTORY_MAX_LIMIT, `limit is a number from 1 to ${QUIZ_HISTORY_MAX_LIMIT}`)
    .default(QUIZ_HISTORY_DEFAULT_LIMIT),
  /** Cursor: only attempts submitted before this instant (the previous page's nextBefore). */
  before: boundedInstant('before').optional(),
});
export type QuizHistoryQuery = z.input<typeof QuizHistoryQuery>;

/** One attempt on the scoreboard (spec §3 Attempt). */
export const HistoryAttempt = z.object({
  _id: z.string(),
  quiz: z.object({
    _id: z.string(),
    title: z.string(),
    category: z.string().nullable(),
    level: z.number().int(),
    subLevel: z.string().nullable(),
  }),
  score: z.number(),
  correctCount: z.number().int(),
  totalQuestions: z.number().int(),
  answers: z.array(z.number().int()),
  submittedAt: z.string(),
});
export type HistoryAttempt = z.infer<typeof HistoryAttempt>;

/** GET /quizzes/history (spec §3 History response). */
export const QuizHistoryResponse = z.object({
  /** Newest first. */
  attempts: z.array(HistoryAttempt),
  /** The plan's cap on distinct practice quizzes; null = unlimited. */
  maxQuizLimit: z.number().int().nullable(),
  distinctQuizzesAttempted: z.number().int(),
  /** Attempts allowed, per attempted quiz id. */
  quizLimits: z.record(z.string(), z.number().int()),
  /** The learner's attempts, per attempted quiz id (over the whole history, not just this page). */
  attemptCounts: z.record(z.string(), z.number().int()),
  /** Pass as `before` to get the next page; null when this is the last page. */
  nextBefore: z.string().nullable(),
});
export type QuizHistoryResponse = z.infer<typeof QuizHistoryResponse>;
