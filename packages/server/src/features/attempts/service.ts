import {
  answersProblem,
  ATTEMPT_LIMIT_MESSAGE,
  distinctQuizCapReached,
  markedQuestions,
  maxQuizzesMessage,
  NO_PENDING_DRAW_MESSAGE,
  QUIZ_NOT_FOUND_MESSAGE,
  remainingAttempts,
  revealsCorrectAnswers,
  scoreAttempt,
  scoreFromHundredths,
  ERROR_CODES,
  type Language,
  type QuizHistoryResponse,
  type QuizResultResponse,
  type SubmitQuizResponse,
} from '@quizquest/shared';
import { POSTGRES_POOL_SIZE, type Database, type Tx } from '../../db/index.ts';
import type { AttemptedQuestion } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { cachedPlanLimits } from '../../entitlements/account-state.ts';
import { assertCertificationQuizOpen } from '../../entitlements/certification-gate.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error.ts';
import { storeAnswer, storedAnswer, type IdempotentRequest } from '../../lib/idempotency.ts';
import { isUuid } from '../../lib/ids.ts';
import { limitOrThrow } from '../../lib/rate-limiter.ts';
import { batcherPerDatabase, createReadBatcher } from '../../lib/read-batcher.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import * as queries from './queries.ts';

export const RESULT_NOT_FOUND_MESSAGE = 'Result not found';
export { NO_PENDING_DRAW_MESSAGE };
export const SUBMIT_RATE_MESSAGE = 'Too many quiz submissions. Please wait a minute and try again.';
/** Submissions per user per minute (times deps.rateLimitFactor). */
export const SUBMISSIONS_PER_MINUTE = 30;

/** What a hook learns about an attempt that was just recorded. */
export interface RecordedAttempt {
  attemptId: string;
  userId: string;
  quiz: { id: string; level: number; subLevel: string | null; passScore: number };
  scoreHundredths: number;
  correctCount: number;
  totalQuestions: number;
  submittedAt: Date;
}

/**
 * Called inside the submit transaction, after the attempt row is inserted and while the user's
 * row lock is held: the place for certification earning (a certification quiz passed earns its
 * sub-level). Whatever it writes commits or rolls back with the attempt; if it throws, the
 * attempt is not recorded.
 */
export type AttemptRecordedHook = (tx: Tx, attempt: RecordedAttempt) => Promise<void>;

export interface AttemptOptions {
  onAttemptRecorded?: AttemptRecordedHook | undefined;
  /** The learner's language (decision 034): the result keeps the title in it, as the quiz was shown. */
  language?: Language | undefined;
  /**
   * The request's Idempotency-Key and digest (decision 036): a stored answer for it is returned
   * as it was, and a recorded attempt stores its answer; null or absent: no key, no extra statement.
   */
  idempotency?: IdempotentRequest | null | undefined;
}

/**
 * Scores and records one attempt. One transaction that first locks the user's row, so the
 * quiz's attempts limit and the plan's distinct practice cap hold under concurrent submissions
 * from any number of instances.
 */
export async function submitAttempt(
  deps: Pick<AppDeps, 'db' | 'now' | 'rateLimiter' | 'rateLimitFactor' | 'accountCache'>,
  userId: string,
  quizId: string,
  answers: number[],
  options: AttemptOptions = {},
): Promise<SubmitQuizResponse> {
  await limitOrThrow(deps, `quiz-submit:user:${userId}`, SUBMISSIONS_PER_MINUTE, 60_000, SUBMIT_RATE_MESSAGE);
  if (!isUuid(quizId)) throw notFound(QUIZ_NOT_FOUND_MESSAGE);
  const now = deps.now();

  // Four statements for a practice quiz: BEGIN, lock + quiz + questions, insert within the limits
  // (it also says which limit refused), COMMIT. A certification quiz adds its level check.
  const idempotency = options.idempotency ?? null;
  const { result, replayed } = await deps.db.transaction(async (tx) => {
    const locked = await queries.lockUserAndReadQuiz(tx, userId, quizId);
    if (!locked) throw notFound('Account not found');
    // Under the lock: a copy with the same key that went first has stored its answer (decision 036).
    if (idempotency) {
      const stored = await storedAnswer<SubmitQuizResponse>(tx, userId, idempotency);
      if (stored) return { result: stored.body, replayed: true };
    }
    if (!locked.quiz) throw notFound(QUIZ_NOT_FOUND_MESSAGE);
    const { quiz, draw } = locked;
    // Certification quizzes (level ≥ 1) are gated by the plan's levels and the order of
    // sub-levels; read after the lock, so earlier submissions' certifications count.
    if (quiz.level >= 1) await assertCertificationQuizOpen(tx, userId, quiz, now);
    // The answers are scored against the draw the learner was shown (decision 031).
    if (!draw) throw conflict(NO_PENDING_DRAW_MESSAGE, ERROR_CODES.noPendingDraw);
    const questions = draw.questions;
    if (questions.length === 0) throw conflict('This quiz has no questions yet.');
    const problem = answersProblem(
      answers,
      questions.map((question) => question.options.length),
    );
    if (problem) throw badRequest(problem, { answers: problem });

    const score = scoreAttempt(
      questions.map((question) => question.correctAnswerIndex),
      answers,
    );
    // The snapshot is the draw as shown: question ids, option order, answers and explanations.
    const snapshotQuestions: AttemptedQuestion[] = questions;
    const wrongQuestionIds =
      quiz.level === 0
        ? questions.flatMap((question, index) =>
            question.questionId && answers[index] !== question.correctAnswerIndex
              ? [question.questionId]
              : [],
          )
        : [];
    const recorded = await queries.insertAttemptWithinLimits(
      tx,
      {
        userId,
        quizId,
        answers,
        score: score.scoreHundredths,
        correctCount: score.correctCount,
        total: score.totalQuestions,
        snapshot: {
          title: (options.language === 'hi' ? quiz.hindiTitle : null) ?? quiz.title,
          questions: snapshotQuestions,
          ...(draw.generated ? { generated: draw.generated } : {}),
        },
        submittedAt: now,
        drawId: draw.id,
        wrongQuestionIds,
      },
      quiz,
    );
    if (recorded.attemptId === null) {
      // A concurrent copy of this submission recorded the draw first: nothing more is stored.
      if (!recorded.drawPending) throw conflict(NO_PENDING_DRAW_MESSAGE, ERROR_CODES.noPendingDraw);
      if (remainingAttempts(quiz.attemptsAllowed, recorded.used) === 0)
        throw forbidden(ATTEMPT_LIMIT_MESSAGE, ERROR_CODES.attemptLimit);
      // Otherwise the plan's cap on distinct practice quizzes refused it, re-attempts included
      // (decision 023; certification quizzes are gated by the plan's levels, not by this cap).
      const cap = recorded.cap;
      if (cap !== null && distinctQuizCapReached(cap, recorded.distinctPractice ?? 0)) {
        throw forbidden(maxQuizzesMessage(cap));
      }
      throw new Error('the attempt was refused by no known limit');
    }
    await options.onAttemptRecorded?.(tx, {
      attemptId: recorded.attemptId,
      userId,
      quiz: { id: quiz.id, level: quiz.level, subLevel: quiz.subLevel, passScore: quiz.passScore },
      scoreHundredths: score.scoreHundredths,
      correctCount: score.correctCount,
      totalQuestions: score.totalQuestions,
      submittedAt: now,
    });
    const answer: SubmitQuizResponse = {
      attemptId: recorded.attemptId,
      score: score.score,
      correctCount: score.correctCount,
      totalQuestions: score.totalQuestions,
    };
    if (idempotency) await storeAnswer(tx, userId, idempotency, answer, now);
    return { result: answer, replayed: false };
  });
  // Committed: every instance drops this learner's attempt counts (decision 018). This one already
  // does as the answer leaves (app.ts); a lost notice must not fail a recorded attempt.
  if (!replayed) await deps.accountCache.publishAttempts(userId).catch(() => {});
  return result;
}

/** Results asked for together are read together (a class submitting at once, decision 040). */
const resultReads = batcherPerDatabase((database: Database) =>
  createReadBatcher((ids: string[]) => queries.attemptsForResult(database.db, ids), {
    concurrency: database.kind === 'pglite' ? 1 : POSTGRES_POOL_SIZE,
  }),
);

/** A result, from the attempt's snapshot: its owner's, or anyone's for an admin; otherwise 404. */
export async function attemptResult(
  deps: AppDeps,
  viewer: AuthUser,
  attemptId: string,
): Promise<QuizResultResponse> {
  if (!isUuid(attemptId)) throw notFound(RESULT_NOT_FOUND_MESSAGE);
  const row = await resultReads(deps.database)(attemptId);
  // A learner finds only their own attempts; an admin finds any.
  if (!row || (row.userId !== viewer.id && viewer.role !== 'admin')) throw notFound(RESULT_NOT_FOUND_MESSAGE);
  // A certification result hides the answer key while it could still earn the sub-level.
  const answersRevealed = revealsCorrectAnswers({
    level: row.level,
    subLevelEarned: row.subLevelEarned,
    // A deleted quiz can never be attempted again.
    attemptsRemaining: row.quizDeleted
      ? 0
      : remainingAttempts(row.attemptsAllowed, Number(row.ownerAttempts)),
    viewerIsAdmin: viewer.role === 'admin',
  });
  const snapshotQuestions = row.snapshot.questions.map((question) => ({
    ...question,
    options: question.options.map((option) => ({ type: option.type, value: option.value })),
  }));
  return {
    quizId: row.quizId,
    quizTitle: row.snapshot.title,
    score: scoreFromHundredths(row.scoreHundredths),
    correctCount: row.correctCount,
    totalQuestions: row.total,
    questions: markedQuestions(snapshotQuestions, row.answers, answersRevealed),
    answers: row.answers,
    answersRevealed,
    level: row.level,
    subLevel: row.subLevel,
    submittedAt: row.submittedAt.toISOString(),
  };
}

/**
 * The scoreboard: a page of attempts (one prepared statement) plus the limits the client needs,
 * from memory: the learner's attempted quizzes with their limits, and plan (account cache,
 * decision 018; a quiz edit drops every user's state, as a limit may have changed).
 */
export async function attemptHistory(
  deps: AppDeps,
  userId: string,
  params: { type?: queries.AttemptType | undefined; limit: number; before?: string | undefined },
): Promise<QuizHistoryResponse> {
  const [rows, attempted, { limits }] = await Promise.all([
    queries.historyPage(deps.db, userId, {
      type: params.type,
      limit: params.limit,
      before: params.before ? new Date(params.before) : undefined,
    }),
    deps.accountCache.get(userId, 'attempted-quizzes', () => queries.attemptedQuizzes(deps.db, userId)),
    cachedPlanLimits(deps, userId, deps.now()),
  ]);
  const ofType = attempted.filter(
    (quiz) => !params.type || (params.type === 'practice' ? quiz.level === 0 : quiz.level >= 1),
  );
  const last = rows.at(-1);
  return {
    attempts: rows.map((row) => ({
      _id: row.id,
      quiz: {
        _id: row.quizId,
        title: row.title,
        category: row.category,
        level: row.level,
        subLevel: row.subLevel,
      },
      score: scoreFromHundredths(row.scoreHundredths),
      correctCount: row.correctCount,
      totalQuestions: row.total,
      answers: row.answers,
      submittedAt: row.submittedAt.toISOString(),
    })),
    maxQuizLimit: limits.maxQuizzes,
    distinctQuizzesAttempted: attempted.filter((quiz) => quiz.level === 0).length,
    quizLimits: Object.fromEntries(ofType.map((quiz) => [quiz.quizId, quiz.attemptsAllowed])),
    attemptCounts: Object.fromEntries(ofType.map((quiz) => [quiz.quizId, quiz.used])),
    nextBefore: rows.length === params.limit && last ? last.submittedAt.toISOString() : null,
  };
}
