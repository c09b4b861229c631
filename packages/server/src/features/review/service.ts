import {
  answersProblem,
  daysBetween,
  DEFAULT_TIME_ZONE,
  isTimeZone,
  localDay,
  nextReviewCard,
  NO_REVIEW_SESSION_MESSAGE,
  REVIEW_SESSION_SIZE,
  shuffled,
  type Language,
  type ReviewQuestion,
  type ReviewSessionResponse,
  type SubmitReviewResponse,
} from '@quizquest/shared';
import type { ReviewedQuestion } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { storeAnswer, storedAnswer, type IdempotentRequest } from '../../lib/idempotency.ts';
import { limitOrThrow } from '../../lib/rate-limiter.ts';
import { cryptoRandom, shownQuestion } from '../../lib/shown-question.ts';
import * as queries from './queries.ts';

export const REVIEW_RATE_MESSAGE = 'Too many review submissions. Please wait a minute and try again.';
/** Review submissions per learner per minute (times deps.rateLimitFactor). */
export const REVIEWS_PER_MINUTE = 30;

/** What the learner sees of a session's question: never its answer or explanation. */
const forLearner = (question: ReviewedQuestion): ReviewQuestion => ({
  _id: question.questionId,
  questionText: question.questionText,
  questionImage: question.questionImage,
  options: question.options.map((option) => ({ type: option.type, value: option.value })),
  quizTitle: question.quizTitle,
});

/**
 * GET /review (decision 032): how many questions are due, and the pending session: made on the
 * first read while something is due (up to REVIEW_SESSION_SIZE of the longest overdue, shuffled,
 * options shuffled unless kept), the same on every reload until it is submitted.
 */
export async function reviewSession(
  deps: AppDeps,
  userId: string,
  language: Language = 'en',
): Promise<ReviewSessionResponse> {
  const now = deps.now();
  const [due, pending] = await Promise.all([
    queries.dueCount(deps.db, userId, now),
    queries.pendingSession(deps.db, userId),
  ]);
  if (pending) return { due, questions: pending.questions.map(forLearner) };
  if (due === 0) return { due, questions: [] };
  const rows = await queries.dueQuestions(deps.db, userId, now, REVIEW_SESSION_SIZE);
  const drawn = shuffled(rows, cryptoRandom).map((question): ReviewedQuestion => ({
    ...shownQuestion(question, cryptoRandom, language),
    questionId: question.id,
    quizId: question.quizId,
    quizTitle: (language === 'hi' ? question.quizTranslations?.hi?.title : undefined) ?? question.quizTitle,
  }));
  const stored = await queries.storeSession(deps.db, userId, drawn);
  return { due, questions: (stored?.questions ?? []).map(forLearner) };
}

/**
 * POST /review/submit: scores the answers against the pending session, moves each question along
 * the schedule (shared/rules/review-schedule.ts: right → the next step, learnt after the last;
 * wrong → due again at once), records the answers for the streak and mastery, and clears the
 * session. One transaction under the learner's row lock; the session is taken out by a delete, so
 * a concurrent copy finds none and changes nothing. Reviews count toward no quiz's attempts, no
 * plan cap and no certification. With an Idempotency-Key (decision 036), a copy of a submission
 * already answered gets that answer again and changes nothing.
 */
export async function submitReview(
  deps: Pick<AppDeps, 'db' | 'now' | 'rateLimiter' | 'rateLimitFactor' | 'accountCache'>,
  userId: string,
  answers: number[],
  idempotency: IdempotentRequest | null = null,
): Promise<SubmitReviewResponse> {
  await limitOrThrow(deps, `review-submit:user:${userId}`, REVIEWS_PER_MINUTE, 60_000, REVIEW_RATE_MESSAGE);
  const now = deps.now();
  const answer = await deps.db.transaction(async (tx) => {
    const learner = await queries.lockLearner(tx, userId);
    if (!learner) throw notFound('Account not found');
    if (idempotency) {
      const stored = await storedAnswer<SubmitReviewResponse>(tx, userId, idempotency);
      if (stored) return stored.body;
    }
    const timeZone = isTimeZone(learner.timeZone) ? learner.timeZone : DEFAULT_TIME_ZONE;
    const session = await queries.takeSession(tx, userId);
    if (!session || session.questions.length === 0) throw conflict(NO_REVIEW_SESSION_MESSAGE);
    const shown = session.questions;
    const problem = answersProblem(
      answers,
      shown.map((question) => question.options.length),
    );
    if (problem) throw badRequest(problem, { answers: problem });

    const ids = shown.map((question) => question.questionId);
    const [cards, existing] = await Promise.all([
      queries.reviewCards(tx, userId, ids),
      queries.existingQuestionIds(tx, ids),
    ]);
    const cardOf = new Map(cards.map((card) => [card.questionId, card]));
    const keep: Parameters<typeof queries.upsertCards>[1] = [];
    const learnt: string[] = [];
    const results = shown.map((question, index) => {
      const answer = answers[index] as number;
      const isCorrect = answer === question.correctAnswerIndex;
      const next = nextReviewCard(cardOf.get(question.questionId) ?? null, isCorrect, now, timeZone);
      if (next && existing.has(question.questionId)) {
        keep.push({
          userId,
          questionId: question.questionId,
          quizId: question.quizId,
          ...next,
          updatedAt: now,
        });
      } else {
        learnt.push(question.questionId);
      }
      return {
        _id: question.questionId,
        questionText: question.questionText,
        questionImage: question.questionImage,
        options: question.options.map((option) => ({ type: option.type, value: option.value })),
        quizTitle: question.quizTitle,
        answer,
        isCorrect,
        correctAnswerIndex: question.correctAnswerIndex,
        explanation: question.explanation ?? null,
        explanationImage: question.explanationImage ?? null,
        nextDueAt: next && existing.has(question.questionId) ? next.dueAt.toISOString() : null,
        nextDueInDays:
          next && existing.has(question.questionId)
            ? daysBetween(localDay(now, timeZone), localDay(next.dueAt, timeZone))
            : null,
      };
    });
    await queries.upsertCards(tx, keep);
    await queries.removeCards(tx, userId, learnt);
    await queries.recordAnswers(
      tx,
      shown.map((question, index) => ({
        userId,
        sessionId: session.sessionId,
        questionId: question.questionId,
        quizId: question.quizId,
        correct: results[index]?.isCorrect ?? false,
        answeredAt: now,
      })),
    );
    const answer: SubmitReviewResponse = {
      correctCount: results.filter((result) => result.isCorrect).length,
      totalQuestions: results.length,
      results,
      due: await queries.dueCount(tx, userId, now),
    };
    if (idempotency) await storeAnswer(tx, userId, idempotency, answer, now);
    return answer;
  });
  // Committed: every instance drops the learner's streak and mastery, which count review sessions
  // (decision 042). A lost notice must not fail a recorded review.
  await deps.accountCache.publishAttempts(userId).catch(() => {});
  return answer;
}
