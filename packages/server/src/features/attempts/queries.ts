import { and, asc, count, countDistinct, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/index.ts';
import { attempts, categories, questions, quizzes, users } from '../../db/schema.ts';

/**
 * Takes the user's row lock for the rest of the transaction. Every submission of one user takes
 * it first, so on any number of app instances they run one after another and the limit checks
 * that follow always see the attempts committed before.
 */
export async function lockUser(tx: Tx, userId: string): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return rows.length === 1;
}

/** A quiz that can be attempted: published and not deleted. */
export async function quizForSubmission(tx: Tx, quizId: string) {
  const [row] = await tx
    .select({
      id: quizzes.id,
      title: quizzes.title,
      level: quizzes.level,
      subLevel: quizzes.subLevel,
      attemptsAllowed: quizzes.attemptsAllowed,
      passScore: quizzes.passScore,
    })
    .from(quizzes)
    .where(and(eq(quizzes.id, quizId), eq(quizzes.published, true), isNull(quizzes.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** The questions with their correct answers: for scoring and the snapshot, never for a learner's payload. */
export async function questionsForScoring(tx: Tx, quizId: string) {
  return tx
    .select({
      text: questions.text,
      imageMediaId: questions.imageMediaId,
      options: questions.options,
      correctIndex: questions.correctIndex,
    })
    .from(questions)
    .where(eq(questions.quizId, quizId))
    .orderBy(asc(questions.position), asc(questions.id));
}

export async function countAttempts(tx: Tx, userId: string, quizId: string): Promise<number> {
  const [row] = await tx
    .select({ used: count() })
    .from(attempts)
    .where(and(eq(attempts.userId, userId), eq(attempts.quizId, quizId)));
  return Number(row?.used ?? 0);
}

/** Distinct practice quizzes the user has attempted (deleted ones too: the attempt happened). */
export async function countDistinctPracticeQuizzes(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ distinct: countDistinct(attempts.quizId) })
    .from(attempts)
    .innerJoin(quizzes, eq(quizzes.id, attempts.quizId))
    .where(and(eq(attempts.userId, userId), eq(quizzes.level, 0)));
  return Number(row?.distinct ?? 0);
}

export async function insertAttempt(tx: Tx, values: typeof attempts.$inferInsert) {
  const [row] = await tx
    .insert(attempts)
    .values(values)
    .returning({ id: attempts.id, submittedAt: attempts.submittedAt });
  if (!row) throw new Error('insert into attempts returned no row');
  return row;
}

/**
 * One attempt with what its result page needs. Ownership in the where: a learner finds only
 * their own attempts; an admin (`anyOwner`) finds any.
 */
export async function attemptForResult(
  db: DbOrTx,
  attemptId: string,
  viewer: { userId: string; anyOwner: boolean },
) {
  const [row] = await db
    .select({
      quizId: attempts.quizId,
      answers: attempts.answers,
      scoreHundredths: attempts.score,
      correctCount: attempts.correctCount,
      total: attempts.total,
      snapshot: attempts.snapshot,
      submittedAt: attempts.submittedAt,
      level: quizzes.level,
      subLevel: quizzes.subLevel,
    })
    .from(attempts)
    .innerJoin(quizzes, eq(quizzes.id, attempts.quizId))
    .where(
      viewer.anyOwner
        ? eq(attempts.id, attemptId)
        : and(eq(attempts.id, attemptId), eq(attempts.userId, viewer.userId)),
    )
    .limit(1);
  return row ?? null;
}

export type AttemptType = 'practice' | 'certification';

function levelFilter(type: AttemptType | undefined): SQL | undefined {
  if (type === 'practice') return eq(quizzes.level, 0);
  if (type === 'certification') return gte(quizzes.level, 1);
  return undefined;
}

/** A page of the user's attempts, newest first, in one query (no query per row). */
export async function historyPage(
  db: DbOrTx,
  userId: string,
  params: { type: AttemptType | undefined; limit: number; before: Date | undefined },
) {
  return db
    .select({
      id: attempts.id,
      quizId: attempts.quizId,
      // The title as attempted, like the result page; the snapshot's questions are not read here.
      title: sql<string>`${attempts.snapshot}->>'title'`,
      category: categories.name,
      level: quizzes.level,
      subLevel: quizzes.subLevel,
      scoreHundredths: attempts.score,
      correctCount: attempts.correctCount,
      total: attempts.total,
      answers: attempts.answers,
      submittedAt: attempts.submittedAt,
    })
    .from(attempts)
    .innerJoin(quizzes, eq(quizzes.id, attempts.quizId))
    .leftJoin(categories, eq(categories.id, quizzes.categoryId))
    .where(
      and(
        eq(attempts.userId, userId),
        levelFilter(params.type),
        params.before ? lt(attempts.submittedAt, params.before) : undefined,
      ),
    )
    .orderBy(desc(attempts.submittedAt), desc(attempts.id))
    .limit(params.limit);
}

/** Per quiz the user has attempted: its level, attempts allowed and the user's attempts on it. */
export async function attemptedQuizzes(db: DbOrTx, userId: string) {
  // Counted first, joined after: the count is an index-only scan of attempts_user_quiz_idx, and the
  // join touches one quizzes row per quiz rather than one per attempt.
  const used = db
    .select({ quizId: attempts.quizId, used: count().as('used') })
    .from(attempts)
    .where(eq(attempts.userId, userId))
    .groupBy(attempts.quizId)
    .as('used');
  const rows = await db
    .select({
      quizId: used.quizId,
      level: quizzes.level,
      attemptsAllowed: quizzes.attemptsAllowed,
      used: used.used,
    })
    .from(used)
    .innerJoin(quizzes, eq(quizzes.id, used.quizId));
  return rows.map((row) => ({ ...row, used: Number(row.used) }));
}
