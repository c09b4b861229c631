import { and, asc, count, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/index.ts';
import {
  questions,
  quizzes,
  reviewAnswers,
  reviewItems,
  reviewSessions,
  users,
  type ReviewedQuestion,
} from '../../db/schema.ts';
import { questionRowColumns } from '../../lib/shown-question.ts';

/** Review items whose quiz is still live: a deleted or unpublished quiz's questions wait, unseen. */
const liveQuiz = and(eq(quizzes.published, true), isNull(quizzes.deletedAt));

/** The learner's questions due now (their quiz live). */
export async function dueCount(db: DbOrTx, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ due: count() })
    .from(reviewItems)
    .innerJoin(quizzes, eq(quizzes.id, reviewItems.quizId))
    .where(and(eq(reviewItems.userId, userId), lte(reviewItems.dueAt, now), liveQuiz));
  return Number(row?.due ?? 0);
}

/** Due questions with their answers (for the server's session only), the longest overdue first. */
export async function dueQuestions(db: DbOrTx, userId: string, now: Date, limit: number) {
  return db
    .select({
      ...questionRowColumns,
      quizId: questions.quizId,
      quizTitle: quizzes.title,
      quizTranslations: quizzes.translations,
    })
    .from(reviewItems)
    .innerJoin(questions, eq(questions.id, reviewItems.questionId))
    .innerJoin(quizzes, eq(quizzes.id, reviewItems.quizId))
    .where(and(eq(reviewItems.userId, userId), lte(reviewItems.dueAt, now), liveQuiz))
    .orderBy(asc(reviewItems.dueAt), asc(reviewItems.questionId))
    .limit(limit);
}

export async function pendingSession(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ sessionId: reviewSessions.sessionId, questions: reviewSessions.questions })
    .from(reviewSessions)
    .where(eq(reviewSessions.userId, userId))
    .limit(1);
  return row ?? null;
}

/** Stores a new session unless one is pending (a concurrent request made it); returns the one that holds. */
export async function storeSession(db: DbOrTx, userId: string, drawn: ReviewedQuestion[]) {
  const [stored] = await db
    .insert(reviewSessions)
    .values({ userId, questions: drawn })
    .onConflictDoNothing({ target: reviewSessions.userId })
    .returning({ sessionId: reviewSessions.sessionId, questions: reviewSessions.questions });
  return stored ?? (await pendingSession(db, userId));
}

/** Locks the learner's row (every write of their review box and attempts takes it first); null: gone. */
export async function lockLearner(tx: Tx, userId: string): Promise<{ timeZone: string } | null> {
  const [row] = await tx
    .select({ timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row ?? null;
}

/** Takes the pending session out (one submission gets it; a concurrent copy finds none). */
export async function takeSession(tx: Tx, userId: string) {
  const [row] = await tx
    .delete(reviewSessions)
    .where(eq(reviewSessions.userId, userId))
    .returning({ sessionId: reviewSessions.sessionId, questions: reviewSessions.questions });
  return row ?? null;
}

export async function reviewCards(tx: Tx, userId: string, questionIds: string[]) {
  if (questionIds.length === 0) return [];
  return tx
    .select({ questionId: reviewItems.questionId, step: reviewItems.step, dueAt: reviewItems.dueAt })
    .from(reviewItems)
    .where(and(eq(reviewItems.userId, userId), inArray(reviewItems.questionId, questionIds)));
}

/** Existing questions among these (a question deleted since the session cannot be boxed again). */
export async function existingQuestionIds(tx: Tx, questionIds: string[]): Promise<Set<string>> {
  if (questionIds.length === 0) return new Set();
  const rows = await tx
    .select({ id: questions.id })
    .from(questions)
    .where(inArray(questions.id, questionIds));
  return new Set(rows.map((row) => row.id));
}

export async function upsertCards(
  tx: Tx,
  cards: Array<{
    userId: string;
    questionId: string;
    quizId: string;
    step: number;
    dueAt: Date;
    updatedAt: Date;
  }>,
): Promise<void> {
  if (cards.length === 0) return;
  await tx
    .insert(reviewItems)
    .values(cards)
    .onConflictDoUpdate({
      target: [reviewItems.userId, reviewItems.questionId],
      set: { step: sql`excluded.step`, dueAt: sql`excluded.due_at`, updatedAt: sql`excluded.updated_at` },
    });
}

export async function removeCards(tx: Tx, userId: string, questionIds: string[]): Promise<void> {
  if (questionIds.length === 0) return;
  await tx
    .delete(reviewItems)
    .where(and(eq(reviewItems.userId, userId), inArray(reviewItems.questionId, questionIds)));
}

export async function recordAnswers(tx: Tx, rows: Array<typeof reviewAnswers.$inferInsert>): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(reviewAnswers).values(rows);
}
