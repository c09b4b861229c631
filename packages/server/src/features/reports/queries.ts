import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/index.ts';
import { attempts, categories, certifications, quizzes, users } from '../../db/schema.ts';
import { ANSWER_CATEGORY, COUNTS_IN_A_CATEGORY } from '../../lib/learner-progress.ts';

/**
 * The parent's report (decision 035): each figure is one statement over all the account's
 * learners, grouped by learner, so the report costs the same for one child or six, and for a
 * short history or a long one.
 */

/** An attempt counts at most this long: a quiz left open overnight is not a night of learning. */
export const MAX_ATTEMPT_SECONDS = 30 * 60;

export interface Window {
  from: Date;
  to: Date;
}

/** The account's learners, the account holder's row first, then the children as they were added. */
export async function accountLearners(db: DbOrTx, accountId: string) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      grade: users.grade,
      timeZone: users.timeZone,
    })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.role, 'learner')))
    .orderBy(sql`${users.id} <> ${users.accountId}`, asc(users.createdAt), asc(users.id));
}

const inWindow = (window: Window) =>
  and(gte(attempts.submittedAt, window.from), lt(attempts.submittedAt, window.to));

/**
 * Per learner: quizzes submitted in the window, and the seconds from opening each (its draw's
 * creation, attempts.started_at) to submitting it, each at most MAX_ATTEMPT_SECONDS; an attempt
 * from before started_at was kept counts no time.
 */
export async function attemptTotals(db: DbOrTx, learnerIds: string[], window: Window) {
  const rows = await db
    .select({
      userId: sql<string>`${attempts.userId}`,
      finished: sql<number>`count(*)::int`,
      seconds: sql<number>`coalesce(sum(least(greatest(extract(epoch from ${attempts.submittedAt} - ${attempts.startedAt}), 0), ${MAX_ATTEMPT_SECONDS}::int)), 0)::float8`,
    })
    .from(attempts)
    .where(and(inArray(attempts.userId, learnerIds), inWindow(window)))
    .groupBy(attempts.userId);
  return rows.map((row) => ({ ...row, seconds: Number(row.seconds) }));
}

/**
 * Per learner and category: questions answered and answered right in the quizzes submitted in the
 * window. The category is counted as the learning summary counts it (lib/learner-progress.ts).
 */
export async function categoryTotals(db: DbOrTx, learnerIds: string[], window: Window) {
  return db
    .select({
      userId: sql<string>`${attempts.userId}`,
      category: ANSWER_CATEGORY,
      answered: sql<number>`sum(${attempts.total})::int`,
      correct: sql<number>`sum(${attempts.correctCount})::int`,
    })
    .from(attempts)
    .innerJoin(quizzes, eq(quizzes.id, attempts.quizId))
    .leftJoin(categories, eq(categories.id, quizzes.categoryId))
    .where(and(inArray(attempts.userId, learnerIds), inWindow(window), COUNTS_IN_A_CATEGORY))
    .groupBy(attempts.userId, ANSWER_CATEGORY)
    .orderBy(ANSWER_CATEGORY);
}

/**
 * The certifications earned by the account's learners: at most one per catalogue sub-level each
 * (a unique index), so at most a hundred rows per learner whatever the history. Keyed by the
 * account, so it is read beside the learners rather than after them.
 */
export async function accountCertifications(db: DbOrTx, accountId: string) {
  return db
    .select({
      userId: certifications.userId,
      certId: certifications.certId,
      level: certifications.level,
      earnedAt: certifications.earnedAt,
    })
    .from(certifications)
    .innerJoin(users, eq(users.id, certifications.userId))
    .where(and(eq(users.accountId, accountId), eq(users.role, 'learner')));
}
