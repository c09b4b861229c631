import { and, asc, count, desc, eq, ilike, like, or, sql, type SQL } from 'drizzle-orm';
import { learnerIdPrefixOf } from '@quizquest/shared';
import type { DbOrTx } from '../../db/index.ts';
import {
  attempts,
  certificateRevocations,
  certificates,
  certifications,
  quizzes,
  subscriptions,
  users,
} from '../../db/schema.ts';
import { termInForceColumn } from '../../entitlements/plan.ts';

/** A LIKE pattern matching `text` literally anywhere. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The outer user's id inside a correlated sub-query. Drizzle leaves column names unqualified in a
 * single-table select, where "id" would then mean the sub-query's own table.
 */
const outerUserId = sql`${users}.${sql.identifier(users.id.name)}`;

/** The learner's account's e-mail (decision 035: an added child's row has none of its own). */
const accountEmail = sql<string>`(select holder.email from ${users} as holder where holder.id = ${users}.${sql.identifier(users.accountId.name)})`;

function learnerFilter(query: string | undefined): SQL | undefined {
  const pattern = query ? containsPattern(query) : null;
  // A payment reference (QQ-1A2B3C4D5E-PLAN99) or learner code finds the learner it names (decision 020).
  const idPrefix = query ? learnerIdPrefixOf(query) : null;
  return and(
    eq(users.role, 'learner'),
    idPrefix
      ? like(sql`${users.id}::text`, `${idPrefix}%`)
      : pattern
        ? or(
            ilike(accountEmail, pattern),
            ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
          )
        : undefined,
  );
}

function rowColumns(now: Date) {
  return {
    id: users.id,
    email: accountEmail,
    firstName: users.firstName,
    lastName: users.lastName,
    grade: users.grade,
    isVerified: users.isVerified,
    createdAt: users.createdAt,
    // The plan in force as correlated sub-queries (entitlements' one SQL form of the rule), so a
    // page of learners costs one statement instead of one per learner.
    planId: termInForceColumn<string>(subscriptions.planId, { learnerId: outerUserId, at: now }),
    planEndsAt: termInForceColumn<Date>(subscriptions.endsAt, { learnerId: outerUserId, at: now }).mapWith(
      subscriptions.endsAt,
    ),
    certificationsEarned: sql<number>`(select count(*) from ${certifications} where ${certifications.userId} = ${outerUserId})::int`,
    attemptsCount: sql<number>`(select count(*) from ${attempts} where ${attempts.userId} = ${outerUserId})::int`,
  };
}

/** A page of learners matching the search, newest first: one statement whatever the page size. */
export async function learnerPage(
  db: DbOrTx,
  params: { query: string | undefined; now: Date; limit: number; offset: number },
) {
  return db
    .select(rowColumns(params.now))
    .from(users)
    .where(learnerFilter(params.query))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(params.limit)
    .offset(params.offset);
}

export async function countLearners(db: DbOrTx, query: string | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users).where(learnerFilter(query));
  return Number(row?.total ?? 0);
}

export async function learnerRow(db: DbOrTx, userId: string, now: Date) {
  const [row] = await db
    .select(rowColumns(now))
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'learner')))
    .limit(1);
  return row ?? null;
}

export async function certificationsOf(db: DbOrTx, userId: string) {
  return db
    .select({ certId: certifications.certId, level: certifications.level, earnedAt: certifications.earnedAt })
    .from(certifications)
    .where(eq(certifications.userId, userId))
    .orderBy(certifications.level, certifications.earnedAt);
}

/** The learner's level certificates, lowest level first, each with its revocation if any (decision 037). */
export async function certificatesOf(db: DbOrTx, userId: string) {
  return db
    .select({
      code: certificates.code,
      level: certificates.level,
      issuedAt: certificates.issuedAt,
      revokedAt: certificateRevocations.revokedAt,
      revocationReason: certificateRevocations.reason,
    })
    .from(certificates)
    .leftJoin(certificateRevocations, eq(certificateRevocations.certificateId, certificates.id))
    .where(eq(certificates.userId, userId))
    .orderBy(asc(certificates.level));
}

export async function recentAttempts(db: DbOrTx, userId: string, limit: number) {
  return db
    .select({
      id: attempts.id,
      quizId: attempts.quizId,
      title: sql<string>`${attempts.snapshot}->>'title'`,
      level: quizzes.level,
      scoreHundredths: attempts.score,
      submittedAt: attempts.submittedAt,
    })
    .from(attempts)
    .innerJoin(quizzes, eq(quizzes.id, attempts.quizId))
    .where(eq(attempts.userId, userId))
    .orderBy(desc(attempts.submittedAt), desc(attempts.id))
    .limit(limit);
}
