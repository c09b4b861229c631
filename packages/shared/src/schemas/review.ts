import { z } from 'zod';
import { AnswerIndex, QuizOption } from './quizzes.ts';

/**
 * The review box (issue 16 item 3, decision 032): practice questions answered wrong come back,
 * spaced, until answered right at every step. Added beside the spec's API.
 */

/** Questions in one review session at most. */
export const REVIEW_SESSION_SIZE = 10;

export const NO_REVIEW_SESSION_MESSAGE =
  'Nothing to review right now. Open your review again to start a new one.';

/** 'Review your mistakes (N due)': the dashboard's and the practice list's link. */
export const reviewLinkLabel = (due: number) => `Review your mistakes (${due} due)`;

/** A question of a review session as the learner sees it: no answer. */
export const ReviewQuestion = z.object({
  _id: z.string(),
  questionText: z.string(),
  questionImage: z.string().nullable(),
  options: z.array(QuizOption),
  /** The quiz it comes from, to remind the child where they met it. */
  quizTitle: z.string(),
});
export type ReviewQuestion = z.infer<typeof ReviewQuestion>;

/** GET /review: how many questions are due, and the pending session's questions (none: nothing due). */
export const ReviewSessionResponse = z.object({
  due: z.number().int(),
  questions: z.array(ReviewQuestion),
});
export type ReviewSessionResponse = z.infer<typeof ReviewSessionResponse>;

export const SubmitReviewRequest = z.object({
  answers: z
    .array(AnswerIndex, { error: 'Answers are required: one option number per question' })
    .max(REVIEW_SESSION_SIZE, 'Too many answers'),
});
export type SubmitReviewRequest = z.infer<typeof SubmitReviewRequest>;

export const ReviewedQuestionResult = z.object({
  _id: z.string(),
  questionText: z.string(),
  questionImage: z.string().nullable(),
  options: z.array(QuizOption),
  quizTitle: z.string(),
  answer: z.number().int(),
  isCorrect: z.boolean(),
  correctAnswerIndex: z.number().int(),
  explanation: z.string().nullable(),
  explanationImage: z.string().nullable(),
  /** When it is due again (ISO); null: learnt, it left the box. */
  nextDueAt: z.string().nullable(),
  /** Whole days from the learner's today to that day, in the learner's time zone; null when learnt. */
  nextDueInDays: z.number().int().nullable(),
});
export type ReviewedQuestionResult = z.infer<typeof ReviewedQuestionResult>;

/** POST /review/submit: each question's result and explanation, and the new due dates. */
export const SubmitReviewResponse = z.object({
  correctCount: z.number().int(),
  totalQuestions: z.number().int(),
  results: z.array(ReviewedQuestionResult),
  /** Questions still due now, after this session. */
  due: z.number().int(),
});
export type SubmitReviewResponse = z.infer<typeof SubmitReviewResponse>;
