import {
  QuizAttemptResponse,
  QuizHistoryResponse,
  QuizResultResponse,
  ReviewSessionResponse,
  SubmitQuizResponse,
  SubmitReviewResponse,
} from '@quizquest/shared';
import { apiRequest } from '../../lib/api-client.ts';
import { apiGet } from '../../lib/prefetch.ts';
import { newIdempotencyKey } from '../../lib/offline/idempotency-key.ts';
import { QUIZ_HISTORY_PATH, quizPath, quizSubmitPath, resultPath, REVIEW_SUBMIT_PATH } from './api-paths.ts';

/**
 * Spec §7 GET /quizzes/{quizId}: the quiz to attempt, without its answers. On arrival at the
 * attempt page the request started beside the page's code (route-preload.ts) is the one read.
 */
export async function fetchQuiz(quizId: string, signal?: AbortSignal): Promise<QuizAttemptResponse> {
  const { data } = await apiGet(quizPath(quizId), { signal });
  return QuizAttemptResponse.parse(data);
}

/**
 * Spec §7 POST /quizzes/submit/{quizId}: one option index per question; the server scores it.
 * Always with an Idempotency-Key (decision 036): the page passes the one it keeps for the draw, so
 * a retry of the same submission is answered with the first answer and never stored twice.
 */
export async function submitQuiz(
  quizId: string,
  answers: number[],
  idempotencyKey = newIdempotencyKey(),
): Promise<SubmitQuizResponse> {
  const { data } = await apiRequest(quizSubmitPath(quizId), {
    method: 'POST',
    body: { answers },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return SubmitQuizResponse.parse(data);
}

/**
 * Spec §7 GET /quizzes/result/{attemptId}. On arrival at the result page the request started
 * beside the page's code (route-preload.ts) is the one read.
 */
export async function fetchResult(attemptId: string, signal?: AbortSignal): Promise<QuizResultResponse> {
  const { data } = await apiGet(resultPath(attemptId), { signal });
  return QuizResultResponse.parse(data);
}

/**
 * Spec §7 GET /quizzes/history: the learner's attempts, newest first, with the limits per quiz.
 * `before` asks for the page of attempts older than the previous page's last one.
 */
export async function fetchHistory(
  options: { before?: string | null; signal?: AbortSignal } = {},
): Promise<QuizHistoryResponse> {
  const query = options.before ? `?before=${encodeURIComponent(options.before)}` : '';
  const { data } = await apiGet(`${QUIZ_HISTORY_PATH}${query}`, { signal: options.signal });
  return QuizHistoryResponse.parse(data);
}

/** GET /review (decision 032): what is due, and the pending review session's questions. */
export async function fetchReview(signal?: AbortSignal): Promise<ReviewSessionResponse> {
  const { data } = await apiRequest('/review', { signal });
  return ReviewSessionResponse.parse(data);
}

/**
 * POST /review/submit: one option index per question of the session; the server marks them. With
 * the Idempotency-Key the page keeps for the session (decision 036).
 */
export async function submitReview(
  answers: number[],
  idempotencyKey = newIdempotencyKey(),
): Promise<SubmitReviewResponse> {
  const { data } = await apiRequest(REVIEW_SUBMIT_PATH, {
    method: 'POST',
    body: { answers },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return SubmitReviewResponse.parse(data);
}
